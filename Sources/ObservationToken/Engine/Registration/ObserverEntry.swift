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

  /// A handler that sets what it observes, without end — each call changed what it
  /// observes, which called it again — stops with a message naming the key path as
  /// written, and where the observation was made, where the registration knows. Nothing is
  /// changed: the change under way is stored, and its call to this handler is the one not
  /// made.
  override func stopRunaway() -> Never {
    Misuse.reentersWithoutEnd(
      naming: registration.keyPathName,
      on: registration.info.subjectType,
      at: registration.observedAt.map(Misuse.Site.observation) ?? .change,
      offersRemovingDuplicates: !registration.info.isRaw
    )
  }
}

extension PropertyObservers {
  /// The registrations with an entry here, in registration order. (Every entry of a
  /// property's source is an ``ObserverEntry``.)
  var registrations: [any ObservationRegistration] {
    source.subscribers.entries.map { unsafeDowncast($0, to: ObserverEntry.self).registration }
  }
}
