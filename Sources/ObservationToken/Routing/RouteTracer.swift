/// Collects a ``RouteTrace`` while one traced post runs on one thread.
@usableFromInline
final class RouteTracer {
  private(set) var steps: [RouteTrace.Step] = []

  /// The post reached a node.
  func arrive(at node: String) {
    steps.append(RouteTrace.Step(node: node))
  }

  /// An interceptor at the current node returned `result` for `event`.
  func intercepted<Routed>(_ event: Routed, _ result: Routed?, by interceptor: String) {
    guard let result else {
      steps[steps.count - 1].interceptions.append("stopped by \(interceptor)")
      steps[steps.count - 1].wasStopped = true
      return
    }
    let after = String(describing: result)
    if String(describing: event) != after {
      steps[steps.count - 1].interceptions.append("changed by \(interceptor) to \(after)")
    }
  }

  /// A subscriber at the current node received the event.
  func heard() {
    steps[steps.count - 1].wasReceived = true
  }
}
