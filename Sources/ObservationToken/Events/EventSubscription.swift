/// One subscription to an event: an entry in its ``EventSource``'s subscriber list.
///
/// Subclasses say what receiving a parameter means (call a closure, or a method of a
/// weakly held target); the ``Subscription`` base admits each call through its gate, so
/// once the subscription has ended its handler never starts again. Ending it takes it out
/// of the list, which may be the event's last-subscriber transition.
///
/// The base does not know the parameter's type, so that sending runs through code that is
/// not generic (generic code the client cannot specialize would look up type metadata on
/// every send): a parameter arrives as an ``ErasedValue``, and the subclass, made for the
/// source's parameter type, reads it back.
///
/// `@unchecked Sendable`: `source` and `origin` never change; subclasses say what guards
/// their own state.
@usableFromInline
class EventSubscription: Subscription, ListedSubscription, @unchecked Sendable {
  /// Its place in the source's list, kept by the list under its lock (see
  /// ``ListedSubscription/listIndex``); no exclusivity checks: they would cost every
  /// subscribe and end two calls. First, so that it shares a word with the gate (see
  /// ``ListIndex``).
  @usableFromInline @exclusivity(unchecked) final var listIndex = ListIndex.notListed
  let source: EventSource
  let origin: SubscriptionOrigin

  init<Parameter>(source: EventSource, origin: SubscriptionOrigin, parameterType: Parameter.Type) {
    assert(
      parameterType == source.parameterType,
      "ObservationToken: a subscription for \(Parameter.self) was made on an event of \(source.parameterType)")
    self.source = source
    self.origin = origin
  }

  /// Every event subscription has the same sequence, so the list keeps them in the order
  /// they were added: subscription order.
  @usableFromInline final var sequence: UInt64 { 0 }

  /// Receives one sent parameter, a value of the source's parameter type, valid for the
  /// call; runs only inside a delivery the gate admitted. Returns whether a
  /// handler was called.
  func receive(_ parameter: ErasedValue) -> Bool { false }

  /// The subscription its token holds: this one, or the delivery on a queue that wraps it.
  /// Ending it ends every call still to come, queued ones included.
  var whole: Subscription { self }

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

  override func didEnd() {
    source.remove(self)
  }

  override var summary: String {
    "\(source.displayName): \(kindDescription)\(origin.location)"
  }
}
