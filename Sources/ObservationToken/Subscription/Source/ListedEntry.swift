/// One entry in a ``SubscriberSource``'s list: the unit every delivery calls.
///
/// Subclasses say what receiving a value means — call a closure, a method of a weakly held
/// target, a handler object; tell a registration that depends on a property — and read the
/// value back as the source's ``SubscriberSource/valueType``. The ``Subscription`` base
/// admits each call through its gate, so once the entry has ended its handler never starts
/// again and is released exactly once. Ending takes the entry out of its source, which may
/// be the source's last-subscriber transition.
///
/// `@unchecked Sendable`: `source` never changes; `listIndex` is the list's, under its
/// lock; subclasses say what guards their own state.
@usableFromInline
class ListedEntry: Subscription, ListedSubscription, @unchecked Sendable {
  /// Its place in the source's list, kept by the list under its lock (see
  /// ``ListedSubscription/listIndex``); no exclusivity checks: they would cost every
  /// subscribe and end two calls. First, so that it shares a word with the gate (see
  /// ``ListIndex``).
  @usableFromInline @exclusivity(unchecked) final var listIndex = ListIndex.notListed
  /// The source this entry is in.
  let source: SubscriberSource

  init(source: SubscriberSource) {
    self.source = source
  }

  /// Orders entries; see ``SubscriptionSequence``. Entries with the same sequence — every
  /// event subscription has 0 — keep the order they were added in.
  @usableFromInline var sequence: UInt64 { 0 }

  /// Whether the entry takes the call before each value as well (key-value observation's
  /// `.prior`).
  var wantsPrior: Bool { false }

  /// Receives one value, of the source's value type, valid for the call; runs only inside
  /// a delivery the gate admitted. Returns whether a handler was called. (What an event's
  /// and a routed type's subscriptions take.)
  func receive(_ value: ErasedValue) -> Bool { false }

  /// Receives one change of a property of `subject`, as ``receive(_:)`` receives a value:
  /// what the entries of a property's source take, whose handlers are given the object.
  /// (Two methods, not one with an optional subject that events would ignore: an argument
  /// every override of a method ignores makes the optimizer put a thunk before each.)
  func receive(_ change: ErasedValue, from subject: AnyObject) { _ = receive(change) }

  /// Receives the call before a change (key-value observation's `.prior`), when
  /// ``wantsPrior``; as the change itself unless the subclass says otherwise.
  func receivePrior(_ prior: ErasedValue, from subject: AnyObject) {
    receive(prior, from: subject)
  }

  /// The subscription its token holds: this one, or the delivery elsewhere that wraps it.
  /// Ending it ends every call still to come, queued ones included.
  var whole: Subscription { self }

  /// The source's owner is gone: the entry ends (its list is already empty), and with it
  /// the whole subscription, first, as a token's `invalidate()` does: no queued call starts
  /// once its entry has left.
  func ownerDidRelease() {
    whole.end()
    end()
  }

  /// Ending takes the entry out of its source. It does not wait for deliveries under way.
  override func didEnd() {
    source.remove(self)
  }
}
