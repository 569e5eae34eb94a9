extension KeyValueObservable {
  /// A description of this object's live registrations, one line each: the property,
  /// the observer's type, the key path it registered for, the options, the context, and
  /// where a token's observation was made.
  ///
  /// Use it to find stray observers while debugging:
  ///
  /// ```swift
  /// print(document.observationDescription)
  /// // Document observations:
  /// //   title: ObservationToken for \Document.title [] at App/Editor.swift:12
  /// //   title: LegacyObserver for \Document.title [.old, .new] context 0x…
  /// ```
  ///
  /// Where a token was made is known for every `observe` (a handler that also takes the
  /// token included), every chain or derived property, every `bind`, and every delivery on
  /// a queue or the main actor, each kept in room its objects had anyway.
  public var observationDescription: String {
    var lines = ["\(Self.self) observations:"]
    for property in ReflectedProperty.all(of: self) {
      guard let observers = property.observers else { continue }
      for registration in observers.registrations {
        guard registration.isValid else {
          // A raw observer released while registered: prune it now.
          if registration.info.observerIsGone { registration.invalidate() }
          continue
        }
        let keyPath: String
        if registration is DirectRegistration {
          keyPath = property.path
          // The key path is this very property: a chain with no object here can be named so.
          ObservedPropertyNames.learn(registration.info.keyPath, names: [property.name])
        } else {
          keyPath = registration.keyPathName
        }
        lines.append("  \(property.name): " + registration.summary(keyPath: keyPath))
      }
    }
    if lines.count == 1 { lines.append("  (none)") }
    return lines.joined(separator: "\n")
  }
}

extension ObservationRegistration {
  /// Observer, key path, options and context, for descriptions.
  func summary(keyPath: String) -> String {
    let observer = info.observerType.map { String(describing: $0) } ?? "ObservationToken"
    let options = info.observerType == nil ? info.options.subtracting([.old, .new]) : info.options
    var text = "\(observer) for \(keyPath) \(options)"
    if let context = info.context { text += " context \(context)" }
    if info.observerType == nil, let place = madeAtDescription { text += " at \(place)" }
    return text
  }
}
