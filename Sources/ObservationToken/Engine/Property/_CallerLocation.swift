/// The file of a call, as `#fileID` gives it, passed to a subscript that a key path may
/// name: a key path's subscript arguments must be `Hashable`, which `StaticString` is not.
///
/// Public for that reason only; not API. Every file is equal to every other, so that a key
/// path is told apart by its index, never by where it was written (`\.$tags[0]` written on
/// two lines is one key path).
public struct _CallerFile: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The file, `Module/File.swift`.
  public let file: StaticString

  /// The file `#fileID` names.
  @inlinable
  public init(stringLiteral file: StaticString) {
    self.file = file
  }

  /// Always equal: where a key path was written is not part of what it names.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing, as ``==(_:_:)`` compares nothing.
  @inlinable
  public func hash(into hasher: inout Hasher) {}
}

/// The line of a call, as `#line` gives it, passed to a subscript that a key path may name;
/// see ``_CallerFile``.
///
/// Public for that reason only; not API. Every line is equal to every other.
public struct _CallerLine: Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// The line.
  public let line: UInt

  /// The line `#line` names.
  @inlinable
  public init(integerLiteral line: UInt) {
    self.line = line
  }

  /// Always equal: where a key path was written is not part of what it names.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing, as ``==(_:_:)`` compares nothing.
  @inlinable
  public func hash(into hasher: inout Hasher) {}
}
