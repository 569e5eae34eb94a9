/// What a subscription calls: the user's handler, with the one function that reads an
/// ``ErasedValue`` as the type that handler takes.
///
/// Subscriptions are not generic, so a subclass made for its types holds the handler — a
/// closure, or more — and gives `super.init` a `receive` function made where those types
/// are known: specialized for them, and capturing nothing, so it costs no allocation.
/// (The subclass holds the handler itself: a closure around it would be a second object
/// for every subscription.) Every kind of subscription uses it: the engine's registrations
/// pass the subject, events and routing pass `nil`.
@usableFromInline
class SubscriptionHandler {
  /// Calls `handler`'s handler with `value`; returns `false` when the subscription should
  /// end (a raw observer is gone).
  @usableFromInline
  typealias Receive = (_ handler: SubscriptionHandler, _ value: ErasedValue, _ subject: AnyObject?) -> Bool

  private let receive: Receive

  @usableFromInline
  init(receive: @escaping Receive) {
    self.receive = receive
  }

  /// Hands one value to the handler; see ``Receive``.
  @inline(__always)
  final func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool {
    receive(self, value, subject)
  }
}
