/// A token's change handler kept in its registration's own storage and called by borrowing
/// it: the engine's twin of ``HeldClosure``, for a closure of the subject and the change.
///
/// Noncopyable, so that a call borrows the closure where it lies (a copyable closure read
/// from a variable is retained and released around every call); its registration calls it
/// only inside a delivery its gate admitted and drops it only in its single release. Its
/// methods are always inlined into the registration's generic code, which would otherwise
/// pass this type's metadata, asked of the runtime on every call.
///
/// `Change` may be noncopyable here, so that a call lends the closure the change where it
/// lies: generic code that may copy it copies a change it cannot see through its type's
/// value witnesses before every call and destroys it after. (`Subject` is a class for the
/// same reason: a closure of an unconstrained subject would be wrapped in an adapter, one
/// more allocation per token.)
@usableFromInline
struct HeldChangeHandler<Subject: AnyObject, Change: ~Copyable>: ~Copyable {
  /// `nil` once released.
  @usableFromInline var closure: ((Subject, borrowing Change) -> Void)?

  @inlinable
  init(_ closure: @escaping (Subject, borrowing Change) -> Void) {
    self.closure = closure
  }

  /// Calls the closure with `subject` and the change `change` points to, unless it was
  /// dropped. (Optional chaining borrows the closure; `if let` or `unsafelyUnwrapped` would
  /// copy it.)
  @inline(__always)
  borrowing func callAsFunction(_ subject: Subject, _ change: UnsafePointer<Change>) {
    closure?(subject, change.pointee)
  }

  /// Drops the closure and what it captures.
  @inline(__always)
  mutating func drop() {
    closure = nil
  }
}
