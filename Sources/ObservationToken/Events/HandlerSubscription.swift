/// A subscription whose handler is a ``SubscriptionHandler`` of its own: routing's
/// interceptors and answers, which do more with a value than pass it to a closure.
///
/// The handler is held unretained: a delivery borrows it rather than retaining and
/// releasing it around each call, which a handler in a variable would cost.
///
/// `@unchecked Sendable`: `handler` is read only inside an admitted delivery and
/// released only by the gate's single release.
final class HandlerSubscription: EventSubscription, @unchecked Sendable {
  private var handler: Unmanaged<SubscriptionHandler>?

  /// A subscription that hands each value to `handler`, which reads `Parameter`s.
  init<Parameter>(
    source: SubscriberSource, origin: SubscriptionOrigin, handler: SubscriptionHandler, reading: Parameter.Type
  ) {
    self.handler = .passRetained(handler)
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  /// A subscription freed without having ended (never handed to a token) still lets go of
  /// its handler: the release does not depend on every path ending it.
  deinit {
    handler?.release()
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    handler.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.receive(parameter, from: nil) }
  }

  override func releaseHandler() {
    handler?.release()
    handler = nil
  }
}
