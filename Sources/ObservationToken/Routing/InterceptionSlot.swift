/// A routed event on its way through one node's interceptors: each reads it, and writes
/// back what the nodes after it see — the same value, a changed one, or `nil` to stop it.
struct InterceptionSlot<Routed> {
  var event: Routed?
  /// Collects what the interceptors did, when the post is traced.
  let trace: RouteTracer?
}
