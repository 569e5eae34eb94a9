/// What a visit of one node decides for the walk.
enum RouteStep<Value> {
  /// Go on to this node's parents, carrying `Value`.
  case up(Value)
  /// Go no further on this path; other paths go on.
  case stop
  /// End the whole walk.
  case finish
}

extension EventNode {
  /// Visits this node and the nodes above it, nearest first (breadth-first), each at
  /// most once however the parents fork, join or loop, each with its channel for `type`
  /// and the value the path to it carries. No lock is held while `visit` runs.
  func walk<Value>(carrying value: Value, type: ObjectIdentifier, _ visit: (EventNode, RouteChannel?, Value) -> RouteStep<Value>) {
    var frontier: [(node: EventNode, value: Value)] = [(self, value)]
    var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    var index = 0
    while index < frontier.count {
      let (node, value) = frontier[index]
      index += 1
      let (channel, parents) = node.snapshot(for: type)
      switch visit(node, channel, value) {
      case .finish:
        return
      case .stop:
        continue
      case .up(let next):
        for parent in parents {
          guard let parent = parent.object, visited.insert(ObjectIdentifier(parent)).inserted else { continue }
          frontier.append((parent, next))
        }
      }
    }
  }

  /// Posts `event`: at each node its interceptors, then its subscribers, then on to its
  /// parents with what the interceptors left. Returns whether any subscriber received it.
  func route<Routed>(_ event: Routed, trace: RouteTracer?) -> Bool {
    var heard = false
    walk(carrying: event, type: ObjectIdentifier(Routed.self)) { node, channel, event in
      trace?.arrive(at: node.name)
      var slot = InterceptionSlot(event: event, trace: trace)
      if let interceptors = channel?.interceptors, interceptors.hasSubscribers {
        _ = withUnsafeMutablePointer(to: &slot) { interceptors.send(UnsafeRawPointer($0)) }
      }
      guard let delivered = slot.event else { return .stop }
      if let subscribers = channel?.subscribers, subscribers.hasSubscribers,
        withUnsafePointer(to: delivered, { subscribers.send(UnsafeRawPointer($0)) })
      {
        heard = true
        trace?.heard()
      }
      return .up(delivered)
    }
    return heard
  }

  /// Asks `request` of each node nearest first until an answer gives a response.
  func ask<Request: RoutedRequest>(_ request: Request) -> Request.Response? {
    var response: Request.Response?
    walk(carrying: request, type: ObjectIdentifier(Request.self)) { _, channel, request in
      guard let answers = channel?.answers, answers.hasSubscribers else { return .up(request) }
      var slot = AnswerSlot(request: request, response: nil)
      _ = withUnsafeMutablePointer(to: &slot) { answers.send(UnsafeRawPointer($0)) }
      guard let answer = slot.response else { return .up(request) }
      response = answer
      return .finish
    }
    return response
  }
}
