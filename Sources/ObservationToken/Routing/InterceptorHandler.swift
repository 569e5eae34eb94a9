/// Runs an interceptor on the event in an ``InterceptionSlot``, unless an earlier one
/// stopped it.
final class InterceptorHandler<Routed>: SubscriptionHandler {
  private let interceptor: (Routed) -> Routed?
  private let origin: SubscriptionOrigin

  init(_ interceptor: @escaping (Routed) -> Routed?, origin: SubscriptionOrigin) {
    self.interceptor = interceptor
    self.origin = origin
    super.init { handler, value, _ in unsafeDowncast(handler, to: InterceptorHandler.self).intercept(value) }
  }

  /// Passes the event in the slot `value` lends through the interceptor, and leaves its
  /// verdict there.
  private func intercept(_ value: ErasedValue) -> Bool {
    let slot = value.lentPointer(to: InterceptionSlot<Routed>.self)
    guard let event = slot.pointee.event else { return true }
    let result = interceptor(event)
    slot.pointee.trace?.intercepted(event, result, by: "interceptor\(origin.location)")
    slot.pointee.event = result
    return true
  }
}
