/// One subscription to an event: an entry in its ``SubscriberSource``'s list, which also
/// knows what kind of subscription it is and where it was made, for descriptions and
/// messages.
///
/// Subclasses say what receiving a parameter means (call a closure, or a method of a
/// weakly held target; see ``ListedEntry``). Every event subscription has the same
/// sequence, so the list keeps them in subscription order.
///
/// `@unchecked Sendable`: `origin` never changes; subclasses say what guards their own
/// state.
@usableFromInline
class EventSubscription: ListedEntry, @unchecked Sendable {
  let origin: SubscriptionOrigin

  init<Parameter>(source: SubscriberSource, origin: SubscriptionOrigin, parameterType: Parameter.Type) {
    assert(
      parameterType == source.valueType,
      "ObservationToken: a subscription for \(Parameter.self) was made on an event of \(source.valueType)")
    self.origin = origin
    super.init(source: source)
  }

  /// What delivers the event, such as `closure`, for descriptions; target–action and
  /// forwarding name their target's type after it.
  var kindDescription: String {
    switch origin.kind {
    case .closure: "closure"
    case .targetAction: "target–action on"
    case .queue: "closure on a queue"
    case .mainActor: "closure on the main actor"
    case .sequence: "async sequence"
    case .forward: "forwarded to"
    case .interceptor: "interceptor"
    case .answer: "answer"
    }
  }

  /// A handler that sends what it receives again, without end, is named by its kind, where
  /// it was made and the event.
  override var runawayName: RunawayName {
    RunawayName(handler: "the \(kindDescription)\(origin.location) receiving \(source.displayName)")
  }

  override func runawayAdvice(alone: Bool) -> String {
    Misuse.sendingAdvice(alone: alone, event: source.displayName)
  }

  override var summary: String {
    "\(source.displayName): \(kindDescription)\(origin.location)"
  }
}
