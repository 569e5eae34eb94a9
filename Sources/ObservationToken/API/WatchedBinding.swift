/// A binding whose target tells it of its death: a ``KeyValueObservable`` object with an
/// `@Observed` property, whose lifetime list holds the binding's ``BindingTargetWatch``.
/// The binding ends when its target is released, and lets go of its transform then.
///
/// `@unchecked Sendable`, as ``Binding``: `watch` is set in `init`, before the binding is
/// handed to anyone who reads it.
@usableFromInline
final class WatchedBinding: Binding, @unchecked Sendable {
  private var watch: BindingTargetWatch?

  @usableFromInline
  init<Target: KeyValueObservable>(watching target: Target) {
    super.init(target: target)
    watch = BindingTargetWatch(on: target, ending: self)
    watch?.start()
  }

  /// Ending the binding takes its entry off the target's list.
  override func didEnd() {
    watch?.end()
  }
}
