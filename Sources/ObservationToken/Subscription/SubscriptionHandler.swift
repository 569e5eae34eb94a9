/// What a subscription calls: the user's handler, behind one method that takes the value as
/// an ``ErasedValue`` and reads it as the type that handler takes.
///
/// Subscriptions and their lists are not generic, so every kind of handler is a subclass
/// made for its types, holding the user's closure (or more) itself — a closure around it
/// would be a second object for every subscription. Events and routing override
/// ``receive(_:from:)`` (`InterceptorHandler`, `AnswerHandler`); the
/// engine's registrations hold a ``SpecializedHandler``, whose receive function is made in
/// the caller's code, where the types are known.
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
