extension ErasedValue {
  /// Runs `body` with the change this value is, whose values are `Value`s. An assignment
  /// is rebuilt rather than copied: the engine's assignments carry no indexes, and copying
  /// their `nil` index list as it is would retain and release it on every call. (Each
  /// branch calls `body` itself; with one call after the branch, the optimizer merges the
  /// two copies back into one that retains.)
  @inlinable @inline(__always)
  func readChange<Value, Result>(of type: Value.Type, _ body: (ObservedChange<Value>) -> Result) -> Result {
    let change = pointer(to: ObservedChange<Value>.self)
    guard change.pointee.kind == .setting else { return body(change.pointee) }
    return body(
      ObservedChange(setting: change.pointee.oldValue, to: change.pointee.newValue, isPrior: change.pointee.isPrior)
    )
  }
}
