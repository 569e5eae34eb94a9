/// One node's subscriptions for one routed type: its interceptors, its subscribers and
/// its answers, each an ``SubscriberSource`` — the list events use, with its gate and tokens —
/// made on the first subscription of its kind.
///
/// A node's storage keeps its channels until the storage is freed (the node's release
/// detaches every source, but keeps it); so while a walk holds the storage, the sources it
/// read from a channel stay alive.
struct RouteChannel {
  /// The routed type's identity.
  let type: ObjectIdentifier
  /// The routed type, as users write it, for descriptions.
  let typeName: String
  /// Receive an ``InterceptionSlot`` of the type.
  var interceptors: SubscriberSource?
  /// Receive the type's values.
  var subscribers: SubscriberSource?
  /// Receive an ``AnswerSlot`` of the type.
  var answers: SubscriberSource?

  init<Routed>(for type: Routed.Type) {
    self.type = ObjectIdentifier(Routed.self)
    typeName = routedTypeName(Routed.self)
  }

  /// The sources there are, for descriptions and for detaching.
  var sources: [(role: String, source: SubscriberSource)] {
    [("interceptor", interceptors), ("subscription", subscribers), ("answer", answers)].compactMap { role, source in
      source.map { (role, $0) }
    }
  }
}

extension RouteChannel {
  /// Where a subscription of one kind goes.
  enum Role {
    case interceptors, subscribers, answers
  }

  /// The source of `role`, if one was made. A switch, not a key path: a subscription
  /// reads it, and a key path would be a call into the key-path runtime.
  func source(_ role: Role) -> SubscriberSource? {
    switch role {
    case .interceptors: interceptors
    case .subscribers: subscribers
    case .answers: answers
    }
  }

  /// Sets the source of `role`.
  mutating func setSource(_ source: SubscriberSource, _ role: Role) {
    switch role {
    case .interceptors: interceptors = source
    case .subscribers: subscribers = source
    case .answers: answers = source
    }
  }
}
