/// A token's change handler kept in its registration's own storage and called by borrowing
/// it: the engine's twin of ``HeldClosure``, for a closure of the subject and the change.
///
/// Noncopyable, so that a call borrows the closure where it lies (a copyable closure read
/// from a variable is retained and released around every call); its registration calls it
/// only inside a delivery its gate admitted and drops it only in its single release. Its
/// methods are always inlined into the registration's generic code, which would otherwise
/// pass this type's metadata, asked of the runtime on every call.
struct HeldChangeHandler<Subject, Value>: ~Copyable {
  /// `nil` once released.
  private var closure: ((Subject, ObservedChange<Value>) -> Void)?

  init(_ closure: @escaping (Subject, ObservedChange<Value>) -> Void) {
    self.closure = closure
  }

  /// Calls the closure with `subject` and the change at `change`, unless it was dropped.
  /// The change is passed where it lies, not copied.
  @inline(__always)
  borrowing func callAsFunction(_ subject: Subject, _ change: UnsafePointer<ObservedChange<Value>>) {
    closure?(subject, change.pointee)
  }

  /// Drops the closure and what it captures.
  @inline(__always)
  mutating func drop() {
    closure = nil
  }
}
