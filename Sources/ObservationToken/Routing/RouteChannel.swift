/// One node's subscriptions for one routed type: its interceptors, its subscribers and
/// its answers, each an ``EventSource`` — the list events use, with its gate and tokens —
/// made on the first subscription of its kind.
///
/// A node keeps its channels until it is released, which detaches every source; so while
/// a post holds the node, the sources it read from a channel stay alive.
struct RouteChannel {
  /// The routed type's identity.
  let type: ObjectIdentifier
  /// The routed type, as users write it, for descriptions.
  let typeName: String
  /// Receive an ``InterceptionSlot`` of the type.
  var interceptors: EventSource?
  /// Receive the type's values.
  var subscribers: EventSource?
  /// Receive an ``AnswerSlot`` of the type.
  var answers: EventSource?

  init<Routed>(for type: Routed.Type) {
    self.type = ObjectIdentifier(Routed.self)
    typeName = routedTypeName(Routed.self)
  }

  /// The sources there are, for descriptions and for detaching.
  var sources: [(role: String, source: EventSource)] {
    [("interceptor", interceptors), ("subscription", subscribers), ("answer", answers)].compactMap { role, source in
      source.map { (role, $0) }
    }
  }
}

extension RouteChannel {
  /// Where a subscription of one kind goes.
  enum Role {
    case interceptors, subscribers, answers

    var keyPath: WritableKeyPath<RouteChannel, EventSource?> {
      switch self {
      case .interceptors: \.interceptors
      case .subscribers: \.subscribers
      case .answers: \.answers
      }
    }
  }
}
