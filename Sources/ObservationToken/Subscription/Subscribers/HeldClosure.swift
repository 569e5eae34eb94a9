/// A handler closure kept in its subscription's own storage, not in a box of its own, and
/// called by borrowing it.
///
/// A subscription keeps it in a `final var` marked `@exclusivity(unchecked)`, calls it only
/// inside a delivery its gate admitted and releases it only in its one
/// ``Subscription/releaseHandler()``, which the gate runs once no delivery is under way: no
/// call ever overlaps the release. Noncopyable, so that a call borrows the closure where it
/// lies: a copyable closure read from a variable is retained and released around every call.
/// Its methods are always inlined: the subscription's code is generic, and a call that is
/// not inlined passes this type's metadata, which generic code asks the runtime for.
///
/// `Parameter` may be noncopyable here, so that a call lends the closure the value where it
/// lies: generic code that may copy it copies a value it cannot see into a buffer of its
/// own, through the type's value witnesses, before every call and destroys it after.
struct HeldClosure<Parameter: ~Copyable>: ~Copyable {
  /// `nil` once released.
  private var closure: ((borrowing Parameter) -> Void)?

  init(_ closure: @escaping (borrowing Parameter) -> Void) {
    self.closure = closure
  }

  /// Calls the closure with the value `parameter` points to, unless it was dropped.
  /// (Optional chaining borrows the closure; `if let` or `unsafelyUnwrapped` would copy it.)
  @inline(__always)
  borrowing func callAsFunction(_ parameter: UnsafePointer<Parameter>) {
    closure?(parameter.pointee)
  }

  /// Drops the closure and what it captures.
  @inline(__always)
  mutating func drop() {
    closure = nil
  }
}
