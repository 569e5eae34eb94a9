/// One entry in one property's observer list: the engine's unit of delivery.
///
/// Subclasses decide what a change means (``DirectRegistration`` calls its handler,
/// ``DependencyEntry`` tells the registration that depends on the property). Every
/// call passes through the ``Subscription``'s gate, so once the entry has ended its
/// handler never starts again, and the handler is released exactly once.
@usableFromInline
class ObserverEntry: Subscription, ListedSubscription, @unchecked Sendable {
  /// Its place in the list, kept by the list under its lock (see ``ListedSubscription/listIndex``);
  /// no exclusivity checks: they would cost every subscribe and end two calls. First, so
  /// that it shares a word with the gate (see ``ListIndex``).
  @usableFromInline @exclusivity(unchecked) final var listIndex = ListIndex.notListed
  /// The list this entry is in.
  let list: ObserverList

  init(list: ObserverList) {
    self.list = list
  }

  /// Orders entries by registration; see ``SubscriptionSequence``. (Subclasses answer
  /// from what they already hold, which keeps a token's registration small.)
  @usableFromInline var sequence: UInt64 {
    fatalError("ObserverEntry subclasses provide their sequence")
  }

  /// Whether the entry takes the `.prior` call before each change.
  var wantsPrior: Bool {
    fatalError("ObserverEntry subclasses say whether they take the prior call")
  }

  /// The observation this entry belongs to.
  var registration: any ObservationRegistration {
    fatalError("ObserverEntry subclasses provide their registration")
  }

  /// Reacts to a change; runs only inside an admitted delivery.
  func handle(_ change: ErasedValue, of subject: AnyObject) {}

  /// Reacts to the `.prior` call before a change, as to the change itself unless the
  /// subclass says otherwise; runs only inside an admitted delivery. (Two methods rather
  /// than a flag: a flag most entries ignore made the optimizer put a forwarding thunk
  /// in front of every call, 5 instructions an observer.)
  func handlePrior(_ prior: ErasedValue, of subject: AnyObject) {
    handle(prior, of: subject)
  }

  /// The observed object was released: the entry ends (its list is already empty).
  func subjectDidRelease() {
    end()
  }

  /// Calls ``handle(_:of:)``, or ``handlePrior(_:of:)``, unless the entry has ended.
  @inline(__always)
  final func deliver(_ change: ErasedValue, isPrior: Bool, of subject: AnyObject) {
    deliver {
      if isPrior { handlePrior(change, of: subject) } else { handle(change, of: subject) }
    }
  }

  /// Ending takes the entry out of its list. It does not wait for deliveries under way.
  override func didEnd() {
    list.remove(self)
  }
}
