/// One entry in one property's source of changes: what the engine adds to a
/// ``ListedEntry``: the registration the entry delivers for, which a runaway handler's
/// stop names.
///
/// Subclasses decide what a change means (``DirectRegistration`` calls its handler,
/// ``DependencyEntry`` tells the registration that depends on the property).
@usableFromInline
class ObserverEntry: ListedEntry, @unchecked Sendable {
  /// The observation this entry belongs to.
  var registration: any ObservationRegistration {
    fatalError("ObserverEntry subclasses provide their registration")
  }

  /// A delivery traces the registration: a derived one's entries count together.
  override var tracedAs: AnyObject { registration }

  /// A handler that sets what it observes, without end, stops with a message naming the
  /// key path as written.
  override func stopRunaway() -> Never {
    Misuse.reentersWithoutEnd(registration)
  }
}

extension PropertyObservers {
  /// The registrations with an entry here, in registration order. (Every entry of a
  /// property's source is an ``ObserverEntry``.)
  var registrations: [any ObservationRegistration] {
    source.subscribers.entries.map { unsafeDowncast($0, to: ObserverEntry.self).registration }
  }
}
