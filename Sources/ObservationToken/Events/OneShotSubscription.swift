/// A closure subscription that ends itself as its first call begins, so that its handler
/// runs at most once.
///
/// Ending is what claims the call: ``Subscription/end()`` does something for only one
/// caller, so of two sends on two threads only one calls the handler, and a send from
/// inside the handler finds the subscription ended. It leaves its source's list at that
/// moment — the last-subscriber transition, if it was the last — while the gate keeps the
/// handler alive until the call returns. A subscription that is not one-shot pays nothing:
/// the claim lives in this subclass's `receive`.
///
/// `@unchecked Sendable`: no state of its own; ``ClosureSubscription`` says what guards its
/// handler.
final class OneShotSubscription<Parameter>: ClosureSubscription<Parameter>, @unchecked Sendable {
  override func receive(_ parameter: ErasedValue) -> Bool {
    end() && super.receive(parameter)
  }

  override var kindDescription: String { "one-shot \(super.kindDescription)" }
}
