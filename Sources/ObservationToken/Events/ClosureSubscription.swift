/// A subscription whose handler is a closure.
///
/// The closure lives in a ``SubscriptionHandler`` held unretained: a delivery borrows it
/// rather than retaining and releasing it around each call, which a closure in a
/// variable would cost.
///
/// `@unchecked Sendable`: `handler` is read only inside an admitted delivery and
/// released only by the gate's single release.
class ClosureSubscription: EventSubscription, @unchecked Sendable {
  private var handler: Unmanaged<SubscriptionHandler>?

  /// A subscription that hands each value to `handler`, which reads `Parameter`s.
  init<Parameter>(source: EventSource, origin: SubscriptionOrigin, handler: SubscriptionHandler, reading: Parameter.Type) {
    self.handler = .passRetained(handler)
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  /// A subscription that calls `handler` with each value. Designated, not convenience:
  /// a convenience initializer of a class that has subclasses (``OneShotSubscription``)
  /// allocates through the dynamic type, which costs every subscription.
  init<Parameter>(source: EventSource, origin: SubscriptionOrigin, handler: @escaping (Parameter) -> Void) {
    self.handler = .passRetained(ClosureHandler(handler))
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    handler.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.receive(parameter, from: nil) }
  }

  override func releaseHandler() {
    handler?.release()
    handler = nil
  }
}
