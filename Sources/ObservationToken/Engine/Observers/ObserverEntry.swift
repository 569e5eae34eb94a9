/// One entry in one property's source of changes: what the engine adds to a
/// ``ListedEntry`` — the `.prior` call, and the registration the entry delivers for.
///
/// Subclasses decide what a change means (``DirectRegistration`` calls its handler,
/// ``DependencyEntry`` tells the registration that depends on the property).
@usableFromInline
class ObserverEntry: ListedEntry, @unchecked Sendable {
  /// The observation this entry belongs to.
  var registration: any ObservationRegistration {
    fatalError("ObserverEntry subclasses provide their registration")
  }

  /// Reacts to the `.prior` call before a change, as to the change itself unless the
  /// subclass says otherwise; runs only inside an admitted delivery. (Two methods rather
  /// than a flag that most entries ignore: see INVARIANTS, "hints as policies".)
  func receivePrior(_ prior: ErasedValue, from subject: AnyObject?) {
    _ = receive(prior, from: subject)
  }

  /// A delivery traces the registration: a derived one's entries count together.
  override var tracedAs: AnyObject { registration }

  /// A handler that sets what it observes, without end, stops with a message naming the
  /// key path as written.
  override func stopRunaway() -> Never {
    Misuse.reentersWithoutEnd(registration)
  }
}
