/// What ends a binding when its target is released: an entry on the target's lifetime
/// list (``ObjectLifetimeList``), which takes no changes and holds the binding weakly.
///
/// The target's storage releases the list when the target dies, and the list's end reaches
/// this entry, which ends the binding there and then: its registration leaves the source's
/// list and releases the binding's transform and what it captures, without waiting for the
/// source's next change. The binding holds the entry and ends it when it ends first, so
/// that a target that lives on — a reused cell — keeps nothing of the bindings it had.
///
/// `@unchecked Sendable`, as every listed entry: its stored properties never change after
/// `init`.
final class BindingTargetWatch: ListedEntry, @unchecked Sendable {
  private weak let binding: Binding?

  /// An entry for `binding` on `target`'s lifetime list; `nil` when `target` has none.
  init?<Target: KeyValueObservable>(on target: Target, ending binding: Binding) {
    guard let source = ObjectLifetimeList.source(of: target) else { return nil }
    self.binding = binding
    super.init(source: source)
  }

  /// Puts the entry on the list; a binding calls this once it holds the entry.
  func start() {
    source.insert(self)
  }

  /// Last in the list, whatever its age: it takes no change, so it orders nothing.
  override var sequence: UInt64 { .max }

  /// A change of the property whose list this is: nothing to do.
  override func receive(_ change: ErasedValue, from subject: AnyObject) {}

  /// The target is gone: the binding ends, without waiting for a write under way, which
  /// holds the target and so cannot be under way now.
  override func ownerDidRelease() {
    super.ownerDidRelease()
    binding?.endWithoutWaiting()
  }
}
