/// The handler of a one-shot event subscription: it ends its subscription, then calls the
/// closure — only when that ending was its own, so the closure runs at most once.
///
/// Ending is what claims the call: ``Subscription/end()`` does something for one caller
/// only, so of two sends on two threads one reaches the closure, and a send from inside
/// the closure finds the subscription ended. The subscription leaves its source's list at
/// that moment — the last-subscriber transition, if it was the last — while its gate keeps
/// this handler alive until the call returns. A subscription that is not one-shot pays
/// nothing: the claim lives here, in a handler only one-shot subscriptions have.
final class OneShotHandler<Parameter>: ClosureHandler<Parameter> {
  /// The subscription that calls this handler, set before it is shared. Weak: the
  /// subscription holds its handler.
  weak var subscription: Subscription?

  override func receive(_ parameter: ErasedValue, from subject: AnyObject?) -> Bool {
    guard subscription?.end() == true else { return false }
    return super.receive(parameter, from: subject)
  }
}
