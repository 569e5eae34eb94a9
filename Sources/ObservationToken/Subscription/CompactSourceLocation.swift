/// Where a token's observation was made, in one word: what `observationDescription` names,
/// kept where a token's registration has room for a word and no more.
///
/// The address of the `#fileID` literal in the low 48 bits — static data of the program,
/// whose addresses fit there on every 64-bit platform the package supports — and the
/// line in the high 16. The literal is null-terminated, as `StaticString` documents its
/// storage to be, so its length need not be kept. A location that does not fit (a line
/// past 65,535, an address above 48 bits, a file that is not a literal) is kept as
/// unknown.
@usableFromInline
struct CompactSourceLocation: Sendable {
  @usableFromInline let bits: UInt64

  /// The location of `file` and `line`, as the caller's `#fileID` and `#line` give them.
  @inlinable
  init(file: StaticString, line: UInt) {
    guard file.hasPointerRepresentation, line <= 0xFFFF else {
      bits = 0
      return
    }
    let address = UInt64(UInt(bitPattern: file.utf8Start))
    bits = address >> 48 == 0 ? address | UInt64(line) << 48 : 0
  }

  /// No location: what a subscription made without one keeps.
  @usableFromInline static let unknown = CompactSourceLocation(bits: 0)

  /// The location whose bits are `bits`, as ``bits`` gave them.
  init(bits: UInt64) {
    self.bits = bits
  }

  /// `Module/File.swift:12`, or `nil` when unknown.
  var description: String? {
    let address = UInt(truncatingIfNeeded: bits & 0xFFFF_FFFF_FFFF)
    guard let file = UnsafePointer<CChar>(bitPattern: address) else { return nil }
    return "\(String(cString: file)):\(bits >> 48)"
  }
}
