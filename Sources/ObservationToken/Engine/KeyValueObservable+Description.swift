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
    for list in observedLists {
      for registration in list.observers.registrations {
        guard registration.isValid else {
          // A raw observer released while registered: prune it now.
          if registration.info.observerIsGone { registration.invalidate() }
          continue
        }
        let keyPath = registration is DirectRegistration ? list.path : PropertyName.ofKeyPath(registration.info.keyPath)
        lines.append("  \(list.property): " + registration.summary(keyPath: keyPath))
      }
    }
    if lines.count == 1 { lines.append("  (none)") }
    return lines.joined(separator: "\n")
  }

  /// The observer lists of the `@Observed` properties, found by reflection. Read under the
  /// object's storage lock, as a tracked read is, because a first observation on another
  /// thread may be storing a list. A type with a custom mirror is reflected without it:
  /// its mirror is user code, which never runs under the lock.
  private var observedLists: [ObservedList] {
    func reflect() -> [ObservedList] {
      var lists: [ObservedList] = []
      var mirror: Mirror? = Mirror(reflecting: self)
      while let current = mirror {
        for child in current.children {
          guard let storage = child.value as? any ObservedStorage, let observers = storage.anyObservers else {
            continue
          }
          let property = (child.label.map { String($0.drop(while: { $0 == "_" })) }) ?? "?"
          let path = "\\\(current.subjectType).\(property)"
          lists.append(ObservedList(property: property, path: path, observers: observers))
        }
        mirror = current.superclassMirror
      }
      return lists
    }
    if self is CustomReflectable { return reflect() }
    return ObservedStorageLocks.withLock(for: self, reflect)
  }
}

/// One `@Observed` property's list, as a description finds it.
private struct ObservedList {
  let property: String
  /// The property as `\Type.name`.
  let path: String
  let observers: PropertyObservers
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
