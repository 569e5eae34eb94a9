extension ValueIdentity {
  /// The class the value's type is, or the class of the optional it is; `nil` for any
  /// other type. Cold paths only: it looks up a conformance.
  var objectType: AnyClass? { Self.objectType(of: metatype) }

  /// The class `metatype` is, or the class of the optional it is; `nil` for any other
  /// type: a value of it is an object's address, or zero. Cold paths only, as above.
  static func objectType(of metatype: Any.Type) -> AnyClass? {
    if let objectType = metatype as? AnyClass { return objectType }
    // Asked before the cast, which looks up a conformance: this reads the metadata's kind.
    guard isOptional(metatype) else { return nil }
    return (metatype as? any OptionalObjectType.Type)?.wrappedObjectType
  }

  /// Whether `other` is provably the value this one is: the same bits of the same type,
  /// where the bits are the whole value — a type that holds no reference (an `Int`, a
  /// `Bool`, an optional of one), or an object, whose bits are its identity. The bits of
  /// anything else (a string, an array) may stay the same while what they point to
  /// changes, so they prove nothing; nor does a value too large to keep its bits.
  func isProvablySame(as other: ValueIdentity) -> Bool {
    guard large == nil, other.large == nil, hasSameBits(as: other) else { return false }
    return isPlainData(metatype) || objectType != nil
  }

  /// The value's type: `type` holds the metadata pointer, which is what a metatype is.
  private var metatype: Any.Type { unsafeBitCast(type, to: Any.Type.self) }
}

private func isOptional<Value>(_ type: Value.Type) -> Bool {
  _isOptional(type)
}

private func isPlainData<Value>(_ type: Value.Type) -> Bool {
  _isPOD(type)
}

/// An optional whose wrapped type may be a class.
private protocol OptionalObjectType {
  static var wrappedObjectType: AnyClass? { get }
}

extension Optional: OptionalObjectType {
  fileprivate static var wrappedObjectType: AnyClass? { Wrapped.self as? AnyClass }
}
