/// What a subscription calls when the user's handler is more than a closure it holds
/// itself: one object, behind one function that takes the value as an ``ErasedValue`` and
/// reads it as the type the handler takes.
///
/// Lists are not generic, so every kind of handler is a subclass made for its types,
/// holding the user's closure (or more) itself — a closure around it would be a second
/// object for every subscription. A plain closure needs no handler at all: an event's
/// ``ClosureSubscription`` and a token's ``ClosureRegistration`` hold it themselves.
///
/// The receive function is made where the types are known — a subclass's `@inlinable`
/// initializer, run in the caller's code — so that a value is read and passed on by code
/// specialized for them, not by generic code copying values through their witnesses. It
/// captures nothing (it reaches the handler through its first argument), so it costs no
/// allocation, and calling it is a direct call, not a dispatch through a class.
@usableFromInline
class SubscriptionHandler {
  @usableFromInline
  typealias Receive = (_ handler: SubscriptionHandler, _ value: ErasedValue, _ subject: AnyObject?) -> Bool

  private let function: Receive

  @usableFromInline
  init(receive: @escaping Receive) {
    function = receive
  }

  /// Hands one value to the handler; runs only inside a delivery the subscription's gate
  /// admitted. `subject` is the object observed, for the engine's registrations, and `nil`
  /// for events and routing. Returns `false` when the subscription should end (its raw
  /// observer is gone).
  /// Where the observation this handler serves was made, for descriptions; `nil` where
  /// it keeps no record of it.
  var madeAtDescription: String? { nil }

  @inline(__always)
  final func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool {
    function(self, value, subject)
  }
}
