/// A value handed from code that does not know its type to a handler that does: the one
/// place in the package where a value's type is set aside and taken back.
///
/// Subscriber lists, registrations, event sources and the walk of a route are not generic,
/// so that a change, a send or a post runs through code with no type metadata to look up.
/// A value travels through them as its address — on the sending thread's stack, or in a box
/// the sender holds — valid for the call only, and the handler made for its type reads it
/// back. Debug builds record the type and check every read against it.
@usableFromInline
struct ErasedValue {
  @usableFromInline let address: UnsafeRawPointer
  #if DEBUG
  @usableFromInline let type: Any.Type
  /// Whether the sender lent the value to be written back (``with(lending:_:)``).
  @usableFromInline let isLent: Bool
  #endif

  /// The value at `address`, which the caller keeps alive and unchanged while it is read.
  @inlinable @inline(__always)
  init<Value>(_ address: UnsafePointer<Value>) {
    self.address = UnsafeRawPointer(address)
    #if DEBUG
    type = Value.self
    isLent = false
    #endif
  }

  @inlinable @inline(__always)
  init<Value>(lending address: UnsafeMutablePointer<Value>) {
    self.address = UnsafeRawPointer(address)
    #if DEBUG
    type = Value.self
    isLent = true
    #endif
  }

  /// Runs `body` with `value` set aside; the address is valid during `body` only. Borrowed,
  /// not copied: a copy of a generic value goes through its witnesses (see INVARIANTS).
  @inlinable @inline(__always)
  static func with<Value, Result>(_ value: borrowing Value, _ body: (ErasedValue) -> Result) -> Result {
    withUnsafePointer(to: value) { body(ErasedValue($0)) }
  }

  /// Runs `body` with `value` lent to be written back: a slot a handler fills in (an
  /// interceptor's verdict, an answer's response).
  @inlinable @inline(__always)
  static func with<Value, Result>(lending value: inout Value, _ body: (ErasedValue) -> Result) -> Result {
    withUnsafeMutablePointer(to: &value) { body(ErasedValue(lending: $0)) }
  }

  /// Runs `body` with the address of `value` set aside, as a value of its own: what a
  /// handler that writes through it reads (a routing slot its interceptor or answer fills
  /// in). The address is valid during `body` only.
  @inlinable @inline(__always)
  static func with<Value, Result>(addressOf value: inout Value, _ body: (ErasedValue) -> Result) -> Result {
    withUnsafeMutablePointer(to: &value) { address in with(address, body) }
  }

  /// The value, read as the type it was set aside with.
  @inlinable @inline(__always)
  func pointer<Value>(to type: Value.Type) -> UnsafePointer<Value> {
    #if DEBUG
    assert(self.type == Value.self, "ObservationToken: a value of \(self.type) was read as one of \(Value.self)")
    #endif
    return address.assumingMemoryBound(to: Value.self)
  }

  /// The value, to be written back: only for a value set aside with ``with(lending:_:)``.
  @inlinable @inline(__always)
  func lentPointer<Value>(to type: Value.Type) -> UnsafeMutablePointer<Value> {
    #if DEBUG
    assert(isLent, "ObservationToken: a value of \(self.type) that was not lent was written")
    #endif
    return UnsafeMutablePointer(mutating: pointer(to: type))
  }
}
