/// A change on its way from the property that made it to the handlers that know its type:
/// the one place where a change's type is set aside and taken back.
///
/// The engine's lists and registrations do not know a property's value type, so a change
/// travels as the address of an ``ObservedChange`` on the changing thread's stack, valid
/// for the call only. Code that knows the type reads it back with ``read(as:_:)``; debug
/// builds check that the type asked for is the type made.
@usableFromInline
struct ErasedChange {
  @usableFromInline let address: UnsafeRawPointer
  #if DEBUG
  @usableFromInline let valueType: Any.Type

  @usableFromInline
  init(address: UnsafeRawPointer, valueType: Any.Type) {
    self.address = address
    self.valueType = valueType
  }
  #else
  @usableFromInline
  init(address: UnsafeRawPointer) {
    self.address = address
  }
  #endif

  /// Runs `body` with `change` set aside; the address is valid during `body` only.
  @inlinable @inline(__always)
  static func with<Value, Result>(_ change: ObservedChange<Value>, _ body: (ErasedChange) -> Result) -> Result {
    withUnsafePointer(to: change) { address in
      #if DEBUG
      body(ErasedChange(address: UnsafeRawPointer(address), valueType: Value.self))
      #else
      body(ErasedChange(address: UnsafeRawPointer(address)))
      #endif
    }
  }

  /// Runs `body` with the change, whose values are `Value`s. An assignment is rebuilt
  /// rather than copied: the engine's assignments carry no indexes, and copying their
  /// `nil` index list as it is would retain and release it on every call. (Each branch
  /// calls `body` itself; with one call after the branch, the optimizer merges the two
  /// copies back into one that retains.)
  @inlinable @inline(__always)
  func read<Value, Result>(as type: Value.Type, _ body: (ObservedChange<Value>) -> Result) -> Result {
    #if DEBUG
    assert(valueType == Value.self, "ObservationToken: a change of \(valueType) was read as one of \(Value.self)")
    #endif
    let change = address.assumingMemoryBound(to: ObservedChange<Value>.self)
    guard change.pointee.kind == .setting else { return body(change.pointee) }
    return body(
      ObservedChange(setting: change.pointee.oldValue, to: change.pointee.newValue, isPrior: change.pointee.isPrior)
    )
  }
}
