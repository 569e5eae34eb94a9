/// Runs an interceptor on the event in an ``InterceptionSlot``, unless an earlier one
/// stopped it.
final class InterceptorReceiver<Routed>: EventReceiver {
  private let interceptor: (Routed) -> Routed?
  private let origin: SubscriptionOrigin

  init(_ interceptor: @escaping (Routed) -> Routed?, origin: SubscriptionOrigin) {
    self.interceptor = interceptor
    self.origin = origin
  }

  override func receive(_ parameter: UnsafeRawPointer) {
    // The node sends the address of a slot it owns as a variable, to be written back.
    let slot = UnsafeMutableRawPointer(mutating: parameter).assumingMemoryBound(to: InterceptionSlot<Routed>.self)
    guard let event = slot.pointee.event else { return }
    let result = interceptor(event)
    slot.pointee.trace?.intercepted(event, result, by: "interceptor\(origin.location)")
    slot.pointee.event = result
  }
}
