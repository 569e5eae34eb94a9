/// A token's change handler kept in its registration's own storage and called by borrowing
/// it: the engine's twin of ``HeldClosure``, for a closure of the subject and the change.
///
/// Noncopyable, so that a call borrows the closure where it lies (a copyable closure read
/// from a variable is retained and released around every call); its registration calls it
/// only inside a delivery its gate admitted and drops it only in its single release. Its
/// methods are always inlined: the call, into the registration's receive function, made
/// where the types are known; the release, into the registration's generic code, which
/// would otherwise pass this type's metadata, asked of the runtime on every call.
@usableFromInline
struct HeldChangeHandler<Subject: AnyObject, Value>: ~Copyable {
  /// `nil` once released.
  @usableFromInline var closure: ((Subject, ObservedChange<Value>) -> Void)?

  @inlinable
  init(_ closure: @escaping (Subject, ObservedChange<Value>) -> Void) {
    self.closure = closure
  }

  /// Calls the closure with `subject` and `change`, unless it was dropped. (Optional
  /// chaining borrows the closure; `if let` or `unsafelyUnwrapped` would copy it.)
  @inlinable @inline(__always)
  borrowing func callAsFunction(_ subject: Subject, _ change: ObservedChange<Value>) {
    closure?(subject, change)
  }

  /// Drops the closure and what it captures.
  @inline(__always)
  mutating func drop() {
    closure = nil
  }
}
