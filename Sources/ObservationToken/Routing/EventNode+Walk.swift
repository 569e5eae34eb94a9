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
      var frontier = RouteFrontier(storage: storage, origin: self.storage, carrying: value)
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

  /// Posts `event`, traced or not. Inlined into the caller, where `Routed` is known: the
  /// event is set aside there, and the interception — the one step that needs its type —
  /// is made there, so the walk itself runs through code that is not generic (a generic
  /// one copies the event through its witnesses).
  @inlinable
  func route<Routed>(_ event: Routed, trace: RouteTracer?) -> Bool {
    ErasedValue.with(event) { event in
      route(event, of: ObjectIdentifier(Routed.self), trace: trace) { value, interceptors, trace in
        Self.intercept(value, as: Routed.self, interceptors, trace)
      }
    }
  }

  /// Posts the event `value`, of the routed type `type`: at each node its interceptors
  /// (which `intercept` runs), then its subscribers, then on to its parents with what the
  /// interceptors left. Returns whether any subscriber received it.
  @usableFromInline
  func route(
    _ value: ErasedValue,
    of type: ObjectIdentifier,
    trace: RouteTracer?,
    intercept: (ErasedValue, SubscriberSource, RouteTracer?) -> (value: ErasedValue, keeper: AnyObject)?
  ) -> Bool {
    // A type no node has ever had a subscription for reaches no one (a trace walks anyway).
    guard trace != nil || RoutedTypeCensus.mayBeHeard(type) else { return false }
    var heard = false
    walk(carrying: value, type: type) { node, sources, value in
      trace?.arrive(at: node.name)
      let (interceptors, subscribers) = (sources.interceptors, sources.subscribers)
      var value = value
      var keeper: AnyObject?
      if let interceptors, interceptors._withUnsafeGuaranteedRef(\.hasSubscribers) {
        guard let changed = interceptors._withUnsafeGuaranteedRef({ intercept(value, $0, trace) }) else {
          return .stop
        }
        value = changed.value
        keeper = changed.keeper
      }
      if let subscribers, subscribers._withUnsafeGuaranteedRef({ $0.hasSubscribers && $0.send(value) }) {
        heard = true
        trace?.heard()
      }
      return keeper.map { .upChanged(value, keeper: $0) } ?? .up
    }
    return heard
  }

  /// Runs a node's interceptors on the event `value`, in order; returns what goes on, kept
  /// in a box whose address the nodes above read, or `nil` when one stopped it.
  @usableFromInline
  static func intercept<Routed>(
    _ value: ErasedValue,
    as type: Routed.Type,
    _ interceptors: SubscriberSource,
    _ trace: RouteTracer?
  ) -> (value: ErasedValue, keeper: AnyObject)? {
    var slot = InterceptionSlot(event: value.pointer(to: Routed.self).pointee, trace: trace)
    _ = ErasedValue.with(addressOf: &slot) { interceptors.send($0) }
    guard let event = slot.event else { return nil }
    let changed = InterceptedValue(event)
    return (ErasedValue(changed.address), changed)
  }

  /// Asks the request `request`, of the routed type `type`, of each node nearest first
  /// until an answer gives a response, which it writes to `response` (lent: a
  /// `Response?` the caller, inlined where the types are known, keeps).
  @usableFromInline
  func ask(_ request: ErasedValue, of type: ObjectIdentifier, response: ErasedValue) {
    guard RoutedTypeCensus.mayBeHeard(type) else { return }
    walk(carrying: request, type: type) { _, sources, request in
      guard let answers = sources.answers, answers._withUnsafeGuaranteedRef(\.hasSubscribers) else {
        return .up
      }
      var slot = AnswerSlot(request: request, response: response)
      _ = ErasedValue.with(addressOf: &slot) { slot in answers._withUnsafeGuaranteedRef { $0.send(slot) } }
      return slot.isAnswered ? .finish : .up
    }
  }
}
