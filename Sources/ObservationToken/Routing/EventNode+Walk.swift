extension EventNode {
  /// Visits this node and the nodes above it, nearest first (breadth-first), each at
  /// most once however the parents fork, join or loop, with the value each path carries;
  /// released nodes are passed by. `visit` receives the node's storage, its sources for
  /// `type` and the value its path carries, and says where to go. No lock is held while
  /// `visit` runs.
  ///
  /// The walk is not generic: values travel as ``ErasedValue``s, so it runs without looking
  /// up type metadata, and a short chain allocates nothing.
  func walk(
    carrying value: ErasedValue,
    type: ObjectIdentifier,
    _ visit: (EventNodeStorage, RouteSources, ErasedValue) -> RouteStep
  ) {
    withUnsafeTemporaryAllocation(of: RouteStop.self, capacity: RouteFrontier.inlineCapacity) { storage in
      var frontier = RouteFrontier(storage: storage)
      frontier.append(self.storage, carrying: value, keeper: nil)
      var index = 0
      while index < frontier.count {
        defer { index += 1 }
        guard frontier.isFirstVisit(at: index) else { continue }
        let stop = frontier[index]
        // The parents go in on arrival, with this node's value; the visit may end their
        // path, or change what they carry.
        let parentsStart = frontier.count
        let step = stop.node._withUnsafeGuaranteedRef { node -> RouteStep? in
          guard
            let sources = node.arrive(
              for: type,
              appendingParentsTo: &frontier,
              carrying: stop.value,
              keeper: stop.keeper
            )
          else { return nil }
          return visit(node, sources, stop.value)
        }
        switch step {
        case nil:
          continue  // released: passed by
        case .finish:
          return
        case .stop:
          frontier.removeStops(from: parentsStart)
        case .up:
          break
        case .upChanged(let next, let keeper):
          frontier.replaceValues(from: parentsStart, with: next, keeper: keeper)
        }
      }
    }
  }

  /// Posts `event`: at each node its interceptors, then its subscribers, then on to its
  /// parents with what the interceptors left. Returns whether any subscriber received it.
  func route<Routed>(_ event: Routed, trace: RouteTracer?) -> Bool {
    let type = ObjectIdentifier(Routed.self)
    // A type no node has ever had a subscription for reaches no one (a trace walks anyway).
    guard trace != nil || RoutedTypeCensus.mayBeHeard(type) else { return false }
    var heard = false
    // Not `ErasedValue.with`: in this generic function it is not inlined, and its nested
    // closure costs a post 35 instructions.
    withUnsafePointer(to: event) { event in
      walk(carrying: ErasedValue(event), type: type) { node, sources, value in
        trace?.arrive(at: node.name)
        let (interceptors, subscribers) = (sources.interceptors, sources.subscribers)
        var value = value
        var keeper: AnyObject?
        if let interceptors, interceptors._withUnsafeGuaranteedRef(\.hasSubscribers) {
          guard let changed = Self.intercept(value.pointer(to: Routed.self).pointee, interceptors, trace) else {
            return .stop
          }
          value = ErasedValue(changed.address)
          keeper = changed
        }
        if let subscribers, subscribers._withUnsafeGuaranteedRef({ $0.hasSubscribers && $0.send(value) }) {
          heard = true
          trace?.heard()
        }
        return keeper.map { .upChanged(value, keeper: $0) } ?? .up
      }
    }
    return heard
  }

  /// Runs a node's interceptors on `event`, in order; returns what goes on, kept in a box
  /// whose address the nodes above read, or `nil` when one stopped it.
  private static func intercept<Routed>(
    _ event: Routed,
    _ interceptors: Unmanaged<EventSource>,
    _ trace: RouteTracer?
  ) -> InterceptedValue<Routed>? {
    var slot = InterceptionSlot(event: event, trace: trace)
    _ = ErasedValue.with(lending: &slot) { slot in interceptors._withUnsafeGuaranteedRef { $0.send(slot) } }
    return slot.event.map(InterceptedValue.init)
  }

  /// Asks `request` of each node nearest first until an answer gives a response.
  func ask<Request: RoutedRequest>(_ request: Request) -> Request.Response? {
    let type = ObjectIdentifier(Request.self)
    guard RoutedTypeCensus.mayBeHeard(type) else { return nil }
    var response: Request.Response?
    ErasedValue.with(lending: &response) { response in
      ErasedValue.with(request) { request in
        walk(carrying: request, type: type) { _, sources, request in
          guard let answers = sources.answers, answers._withUnsafeGuaranteedRef(\.hasSubscribers) else {
            return .up
          }
          var slot = AnswerSlot(request: request, response: response)
          _ = ErasedValue.with(lending: &slot) { slot in answers._withUnsafeGuaranteedRef { $0.send(slot) } }
          return slot.isAnswered ? .finish : .up
        }
      }
    }
    return response
  }
}
