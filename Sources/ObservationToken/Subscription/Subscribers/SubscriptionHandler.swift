/// What a subscription calls: the user's handler, behind one method that takes the value as
/// an ``ErasedValue`` and reads it as the type that handler takes.
///
/// Lists are not generic, so every kind of handler is a subclass made for its types,
/// holding the user's closure (or more) itself — a closure around it would be a second
/// object for every subscription. A plain closure needs no handler at all: an event's
/// ``ClosureSubscription`` and a token's ``ClosureRegistration`` hold it themselves. Routing's
/// interceptors override ``receive(_:from:)`` (`InterceptorHandler`); its answers and the
/// engine's other registrations (raw observers, bindings, deliveries elsewhere, chains and
/// derived properties) hold a ``SpecializedHandler``, whose receive function is made in the
/// caller's code, where the types are known.
@usableFromInline
class SubscriptionHandler {
  @usableFromInline
  init() {}

  /// Hands one value to the handler; runs only inside a delivery the subscription's gate
  /// admitted. `subject` is the object observed, for the engine's registrations, and `nil`
  /// for events and routing. Returns `false` when the subscription should end (its raw
  /// observer is gone).
  func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool { false }
}
