#if !canImport(ObjectiveC)
/// Everything the model keeps, keyed by object identity as Apple's default
/// `observationInfo` side table is — so an observer can still remove itself while its
/// subject's stored properties are being destroyed (Linux destroys them after the root
/// class's `deinit`; Apple's `.cxx_destruct` before associations are released).
struct Registry {
  struct Subject {
    var description: String
    var observances: [Observance] = []
    var associations: [UnsafeRawPointer: Any] = [:]
  }

  /// A change under way: its will-change half was sent on `thread`, its did-change half is
  /// to come. Calls pair and nest, so each key keeps a stack.
  struct PendingKey: Hashable {
    let subject: ObjectIdentifier
    let key: String
    let thread: ObjectIdentifier
  }

  var subjects: [ObjectIdentifier: Subject] = [:]
  var pending: [PendingKey: [PendingChange]] = [:]
  /// Observances left registered when their subject was deallocated.
  var graveyard: [String] = []
  var beforeCallout: (@Sendable (KVOShim.Callout) -> Void)?

  mutating func add(_ observance: Observance, to subject: NSObject) {
    subjects[ObjectIdentifier(subject), default: Subject(description: KVOShim.describe(subject))]
      .observances.append(observance)
  }

  /// Removes the newest match, as Apple does; `nil` when none matches.
  mutating func remove(
    _ observer: NSObject,
    forKeyPath keyPath: String,
    context: UnsafeMutableRawPointer??,
    from subject: NSObject
  ) -> Observance? {
    let id = ObjectIdentifier(subject)
    guard let index = subjects[id]?.observances.lastIndex(where: { $0.matches(observer, keyPath, context: context) })
    else { return nil }
    return subjects[id]?.observances.remove(at: index)
  }

  func observances(of subject: NSObject, forKey key: String) -> [Observance] {
    subjects[ObjectIdentifier(subject)]?.observances.filter { $0.isAffected(byChangeOf: key) } ?? []
  }

  /// Sets or clears an association; returns what it replaced, to be released outside the lock.
  mutating func associate(
    _ value: Any?,
    policy: objc_AssociationPolicy,
    with subject: NSObject,
    key: UnsafeRawPointer
  ) -> Any? {
    let id = ObjectIdentifier(subject)
    var record = subjects[id] ?? Subject(description: KVOShim.describe(subject))
    let replaced = record.associations.removeValue(forKey: key)
    if let value, policy != .OBJC_ASSOCIATION_ASSIGN { record.associations[key] = value }
    subjects[id] = record
    return replaced
  }

  func associatedObject(of subject: NSObject, key: UnsafeRawPointer) -> Any? {
    subjects[ObjectIdentifier(subject)]?.associations[key]
  }

  /// At deallocation: the associations, to be released outside the lock.
  mutating func takeAssociations(of subject: NSObject) -> [Any] {
    let id = ObjectIdentifier(subject)
    guard let associations = subjects[id]?.associations else { return [] }
    subjects[id]?.associations = [:]
    return Array(associations.values)
  }

  /// After the associations are released: what is still registered goes to the graveyard,
  /// and the identity is free for a new object. Returns the registrations, to be released
  /// outside the lock (a key path's chain is an object that calls back into the model).
  mutating func forget(_ subject: NSObject) -> [Observance] {
    guard let record = subjects.removeValue(forKey: ObjectIdentifier(subject)) else { return [] }
    for observance in record.observances {
      graveyard.append(
        """
        \(record.description) was deallocated while key value observers were still registered with it: \
        \(observance.observerDescription) for "\(observance.keyPath)"
        """
      )
    }
    return record.observances
  }

  mutating func takeLeftovers() -> [String] {
    var leftovers = graveyard
    graveyard = []
    for record in subjects.values {
      for observance in record.observances {
        leftovers.append(
          "\(observance.observerDescription) still observes \"\(observance.keyPath)\" of \(record.description)")
      }
    }
    return leftovers
  }
}
#endif
