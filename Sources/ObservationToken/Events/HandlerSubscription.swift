/// A subscription whose handler is a ``SubscriptionHandler`` of its own: routing's
/// interceptors and answers, which do more with a value than pass it to a closure.
///
/// The handler is a ``HeldHandler``: a delivery borrows it rather than retaining and
/// releasing it around each call, which a handler in a variable would cost, and a
/// subscription freed without having ended (never handed to a token) still lets go of it.
///
/// `@unchecked Sendable`: `handler` is read only inside an admitted delivery and
/// released only by the gate's single release.
final class HandlerSubscription: EventSubscription, @unchecked Sendable {
  @exclusivity(unchecked) private var handler: HeldHandler

  /// A subscription that hands each value to `handler`, which reads `Parameter`s.
  init<Parameter>(
    source: SubscriberSource, origin: SubscriptionOrigin, handler: SubscriptionHandler, reading: Parameter.Type
  ) {
    self.handler = HeldHandler(handler)
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    handler(parameter, from: nil) ?? false
  }

  override func releaseHandler() {
    handler.drop()
  }
}
