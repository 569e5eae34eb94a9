/// A handler that is a closure of the subject and the change, still erased: for the
/// registrations that do more than call one typed handler (raw observers, bindings,
/// deliveries elsewhere), which read the change themselves.
@usableFromInline
final class ErasedChangeHandler: SubscriptionHandler {
  @usableFromInline
  typealias Function = (_ subject: AnyObject, _ change: ErasedValue) -> Bool

  private let function: Function
  /// What the function feeds — a delivery on a queue, a binding — when it adds to the
  /// registration: it ends when this handler is released. The registration releases its
  /// handler once it has ended, whatever ended it (its subject's release, a target found
  /// gone), and the decorator must then end too: left open, it would keep the user's handler
  /// and what it captures until the token is released.
  private let decorator: SubscriptionDecorator?

  /// A handler calling `function`; `decorator`, when given, ends with the registration.
  @usableFromInline
  init(ending decorator: SubscriptionDecorator? = nil, _ function: @escaping Function) {
    self.function = function
    self.decorator = decorator
    super.init { handler, change, subject in
      unsafeDowncast(handler, to: ErasedChangeHandler.self).function(subject.unsafelyUnwrapped, change)
    }
  }

  deinit {
    decorator?.end()
  }

  /// Where the delivery it feeds was made, when it feeds one that knows.
  override var madeAtDescription: String? { decorator?.madeAtDescription }
}
