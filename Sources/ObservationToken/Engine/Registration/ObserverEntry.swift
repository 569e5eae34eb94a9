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

  /// A handler that sets what it observes, without end, is named by the key path as
  /// written and where the observation was made, where the registration knows; a raw
  /// observer by its type.
  override var runawayName: RunawayName {
    let registration = registration
    let observing = "observing \(registration.keyPathName) on \(registration.info.subjectType)"
    guard let observerType = registration.info.observerType else {
      let location = registration.observedAt?.description ?? registration.madeAtDescription
      return RunawayName(handler: "the handler \(observing)", location: location)
    }
    return RunawayName(handler: "the observeValue(forKeyPath:of:change:context:) of \(observerType) \(observing)")
  }

  /// `removingDuplicates: true` is offered only where the observation has that option: a
  /// raw observer does not.
  override func runawayAdvice(alone: Bool) -> String {
    Misuse.settingAdvice(alone: alone, offersRemovingDuplicates: !registration.info.isRaw)
  }
}

extension PropertyObservers {
  /// The registrations with an entry here, in registration order. (The other entries a
  /// property's source may have watch its object's death for a binding to it.)
  var registrations: [any ObservationRegistration] {
    source.subscribers.entries.compactMap { ($0 as? ObserverEntry)?.registration }
  }
}
