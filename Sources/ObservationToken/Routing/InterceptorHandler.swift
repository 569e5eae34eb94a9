/// Runs an interceptor on the event in an ``InterceptionSlot``, unless an earlier one
/// stopped it.
final class InterceptorHandler<Routed>: SubscriptionHandler {
  private let interceptor: (Routed) -> Routed?
  private let origin: SubscriptionOrigin

  init(_ interceptor: @escaping (Routed) -> Routed?, origin: SubscriptionOrigin) {
    self.interceptor = interceptor
    self.origin = origin
  }

  override func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool {
    let slot = value.lentPointer(to: InterceptionSlot<Routed>.self)
    guard let event = slot.pointee.event else { return true }
    let result = interceptor(event)
    slot.pointee.trace?.intercepted(event, result, by: "interceptor\(origin.location)")
    slot.pointee.event = result
    return true
  }
}
