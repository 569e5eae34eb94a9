/// Runs an interceptor on the event in an ``InterceptionSlot``, unless an earlier one
/// stopped it.
final class InterceptorHandler<Routed>: SubscriptionHandler {
  private let interceptor: (Routed) -> Routed?
  private let origin: SubscriptionOrigin

  init(_ interceptor: @escaping (Routed) -> Routed?, origin: SubscriptionOrigin) {
    self.interceptor = interceptor
    self.origin = origin
    super.init { handler, slot, _ in
      unsafeDowncast(handler, to: InterceptorHandler.self).intercept(slot.lentPointer(to: InterceptionSlot<Routed>.self))
      return true
    }
  }

  private func intercept(_ slot: UnsafeMutablePointer<InterceptionSlot<Routed>>) {
    guard let event = slot.pointee.event else { return }
    let result = interceptor(event)
    slot.pointee.trace?.intercepted(event, result, by: "interceptor\(origin.location)")
    slot.pointee.event = result
  }
}
