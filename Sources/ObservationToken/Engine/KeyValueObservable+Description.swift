extension KeyValueObservable {
  /// A description of this object's live registrations, one line each: the property,
  /// the observer's type, the key path it registered for, the options and the context.
  ///
  /// Use it to find stray observers while debugging:
  ///
  /// ```swift
  /// print(document.observationDescription)
  /// // Document observations:
  /// //   \Document.title: LegacyObserver for \Document.title [.old, .new] context 0x…
  /// ```
  public var observationDescription: String {
    var lines = ["\(Self.self) observations:"]
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      for child in current.children {
        guard let storage = child.value as? any ObservedStorage, let observers = storage.anyObservers else {
          continue
        }
        let property = (child.label.map { String($0.drop(while: { $0 == "_" })) }) ?? "?"
        let propertyPath = "\\\(current.subjectType).\(property)"
        for registration in observers.registrations {
          guard registration.isValid else {
            // A raw observer released while registered: prune it now.
            if registration.info.observerIsGone { registration.invalidate() }
            continue
          }
          let keyPath = registration is DirectRegistration ? propertyPath : registration.keyPathName
          lines.append("  \(property): " + registration.summary(keyPath: keyPath))
        }
      }
      mirror = current.superclassMirror
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
    return text
  }
}
