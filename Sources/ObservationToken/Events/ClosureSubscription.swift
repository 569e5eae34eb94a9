/// A subscription whose handler is a closure, held in the subscription itself.
///
/// One allocation besides its token: the closure lives in the subscription (a
/// ``HeldClosure``), not in a handler box, and a delivery borrows it rather than retaining
/// it. Generic over the parameter, so that each parameter type has a subclass of its own.
///
/// `@unchecked Sendable`: `closure` is read only inside an admitted delivery and released
/// only by the gate's single release.
class ClosureSubscription<Parameter>: EventSubscription, @unchecked Sendable {
  @exclusivity(unchecked) private final var closure: HeldClosure<Parameter>

  /// A subscription that calls `handler` with each value.
  init(source: EventSource, origin: SubscriptionOrigin, handler: @escaping (Parameter) -> Void) {
    closure = HeldClosure(handler)
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    closure(parameter.pointer(to: Parameter.self).pointee)
    return true
  }

  override func releaseHandler() {
    closure.drop()
  }
}
