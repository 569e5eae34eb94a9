/// What a registration calls when the key path's value changes.
///
/// A plain observation passes the user's change handler itself: a direct registration
/// keeps it inline (``ClosureRegistration``); a derived one wraps it in a ``ChangeHandler``.
/// Everything else passes a handler that reads the change itself. Decided where
/// ``KeyValueObservable/register(_:options:context:observer:handler:file:line:)`` is
/// inlined, so the choice costs nothing.
@usableFromInline
enum RegistrationHandler<Subject: AnyObject, Value> {
  /// The user's handler of the subject and the change.
  case closure((Subject, ObservedChange<Value>) -> Void)
  /// A handler that reads the erased change itself (raw observers, bindings, deliveries).
  case specialized(SubscriptionHandler)

  /// The handler as a ``SubscriptionHandler``, for a registration that holds one.
  @inlinable
  var specialized: SubscriptionHandler {
    switch self {
    case .closure(let closure): ChangeHandler(closure)
    case .specialized(let handler): handler
    }
  }
}
