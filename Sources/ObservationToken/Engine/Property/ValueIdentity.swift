/// The type and bits of a value a tracked read returned, to tell later whether a key
/// path returned that very value (for a collection, the same storage).
///
/// A value of up to 32 bytes is kept as plain bits, so recording a read copies no
/// existential and retains nothing: it is compared only while the value itself is still
/// held. A larger value is kept in a box, which copies as one reference.
@usableFromInline
struct ValueIdentity {
  @usableFromInline typealias Bits = (UInt64, UInt64, UInt64, UInt64)

  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let bits: Bits
  /// A value too large for ``bits``.
  @usableFromInline let large: LargeValue?

  @inlinable
  init<Value>(of value: Value) {
    type = ObjectIdentifier(Value.self)
    var bits: Bits = (0, 0, 0, 0)
    if MemoryLayout<Value>.size <= MemoryLayout<Bits>.size {
      withUnsafeBytes(of: value) { source in
        withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
      }
      large = nil
    } else {
      large = LargeValue(value)
    }
    self.bits = bits
  }

  /// Whether `value` has this type and these bits.
  @inlinable
  func matches<Value>(_ value: Value) -> Bool {
    guard let large else { return hasSameBits(as: ValueIdentity(of: value)) }
    guard let read = large.value as? Value else { return false }
    return withUnsafeBytes(of: value) { valueBytes in
      withUnsafeBytes(of: read) { readBytes in valueBytes.elementsEqual(readBytes) }
    }
  }

  /// Whether both are of one type, with the same bits.
  @inlinable
  func hasSameBits(as other: ValueIdentity) -> Bool {
    type == other.type && bits.0 == other.bits.0 && bits.1 == other.bits.1 && bits.2 == other.bits.2
      && bits.3 == other.bits.3
  }
}

extension ValueIdentity {
  /// A value of more than 32 bytes that a tracked read returned; see ``ValueIdentity``.
  @usableFromInline
  final class LargeValue {
    @usableFromInline let value: Any

    @usableFromInline
    init(_ value: Any) {
      self.value = value
    }
  }
}
