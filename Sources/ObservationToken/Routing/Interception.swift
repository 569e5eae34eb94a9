/// A routed event on its way through one node's interceptors: each reads it, and writes
/// back what the nodes after it see — the same value, a changed one, or `nil` to stop it.
struct InterceptionSlot<Routed> {
  var event: Routed?
  /// Collects what the interceptors did, when the post is traced.
  let trace: RouteTracer?
}

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

/// A value an interceptor let through, at a stable address for the nodes above it.
final class InterceptedValue<Routed> {
  let address: UnsafeMutablePointer<Routed>

  init(_ value: Routed) {
    address = .allocate(capacity: 1)
    address.initialize(to: value)
  }

  deinit {
    address.deinitialize(count: 1)
    address.deallocate()
  }
}
