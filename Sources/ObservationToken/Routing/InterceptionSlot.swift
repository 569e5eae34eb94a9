/// A routed event on its way through one node's interceptors: each reads it, and writes
/// back what the nodes after it see — the same value, a changed one, or `nil` to stop it.
/// The walk sends each interceptor the slot's address.
struct InterceptionSlot<Routed> {
  var event: Routed?
  /// Collects what the interceptors did, when the post is traced.
  let trace: RouteTracer?

  /// Passes the event through `interceptor`, named `name` in a trace, unless an earlier
  /// one stopped it, and keeps its verdict.
  mutating func pass(through interceptor: (Routed) -> Routed?, named name: @autoclosure () -> String) {
    guard let event else { return }
    let result = interceptor(event)
    trace?.intercepted(event, result, by: name())
    self.event = result
  }
}
