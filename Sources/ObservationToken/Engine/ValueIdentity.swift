/// The type and bits of a value a tracked read returned, to tell later whether a key
/// path returned that very value (for a collection, the same storage).
///
/// Plain bits, so recording a read copies no existential and retains nothing: it is
/// compared only while the value itself is still held. A value of more than 32 bytes is
/// not kept and never matches, which makes its key path a derived registration: slower,
/// equally correct.
@usableFromInline
struct ValueIdentity: Equatable {
  @usableFromInline typealias Bits = (UInt64, UInt64, UInt64, UInt64)

  @usableFromInline let type: ObjectIdentifier
  /// The value's size, or `nil` when it was too large to keep.
  @usableFromInline let size: Int?
  @usableFromInline let bits: Bits

  @inlinable
  init<Value>(of value: Value) {
    type = ObjectIdentifier(Value.self)
    var bits: Bits = (0, 0, 0, 0)
    let size = MemoryLayout<Value>.size
    if size <= MemoryLayout<Bits>.size {
      withUnsafeBytes(of: value) { source in
        withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
      }
      self.size = size
    } else {
      self.size = nil
    }
    self.bits = bits
  }

  /// Whether `value` has this type and these bits.
  @inlinable
  func matches<Value>(_ value: Value) -> Bool {
    size != nil && self == ValueIdentity(of: value)
  }

  @inlinable
  static func == (lhs: ValueIdentity, rhs: ValueIdentity) -> Bool {
    lhs.type == rhs.type && lhs.size == rhs.size && lhs.bits.0 == rhs.bits.0 && lhs.bits.1 == rhs.bits.1
      && lhs.bits.2 == rhs.bits.2 && lhs.bits.3 == rhs.bits.3
  }
}
