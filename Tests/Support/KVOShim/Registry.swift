#if !canImport(ObjectiveC)
/// Everything the model keeps, keyed by object identity as Apple's default
/// `observationInfo` side table is — so an observer can still remove itself while its
/// subject's stored properties are being destroyed (Linux destroys them after the root
/// class's `deinit`; Apple's `.cxx_destruct` before associations are released).
struct Registry {
  struct Subject {
    /// `<Player 0x6000…>`, and Apple's "An instance 0x6000… of class Player", kept for
    /// the leak check, which reports after the object is gone.
    var identity: String
    var instance: String
    var observances: [Observance] = []
    var associations: [UnsafeRawPointer: Any] = [:]

    init(_ subject: NSObject) {
      identity = KVOShim.identify(subject)
      instance = KVOShim.instance(subject)
    }
  }

  /// Where the changes under way of one key of one subject on one thread wait for their
  /// did-change half: a stack, as calls pair and nest (Apple keeps pending notifications
  /// per thread, `NSKeyValuePushPendingNotificationPerThread`).
  struct PendingKey: Hashable {
    let subject: ObjectIdentifier
    let key: String
    let thread: ObjectIdentifier
  }

  var subjects: [ObjectIdentifier: Subject] = [:]
  var pending: [PendingKey: [[PendingNotification]]] = [:]
  /// Observances left registered when their subject was deallocated.
  var graveyard: [String] = []
  var beforeCallout: (@Sendable (KVOShim.Callout) -> Void)?

  mutating func add(_ observance: Observance, to subject: NSObject) {
    subjects[ObjectIdentifier(subject), default: Subject(subject)].observances.append(observance)
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

  /// The registration a pending notification is delivered through, if one like it is still
  /// registered: Apple checks before each did-change callout that the observance is still
  /// in the object's observation info (`NSKeyValuePopPendingNotificationPerThread`), and
  /// shares one observance among registrations of the same observer, key path, options and
  /// context — so "like it" means those four.
  func registration(like observance: Observance, of subject: NSObject) -> Observance? {
    subjects[ObjectIdentifier(subject)]?.observances.last { $0.isShared(with: observance) }
  }

  /// Keeps the pending notifications of one change's will-change half, possibly none, for
  /// its did-change half.
  mutating func push(_ notifications: [PendingNotification], for key: PendingKey) {
    pending[key, default: []].append(notifications)
  }

  /// The pending notifications of the innermost change under way, `nil` when none is.
  mutating func pop(for key: PendingKey) -> [PendingNotification]? {
    guard let notifications = pending[key]?.popLast() else { return nil }
    if pending[key]?.isEmpty == true { pending[key] = nil }
    return notifications
  }

  /// Sets or clears an association; returns what it replaced, to be released outside the lock.
  mutating func associate(
    _ value: Any?,
    policy: objc_AssociationPolicy,
    with subject: NSObject,
    key: UnsafeRawPointer
  ) -> Any? {
    let id = ObjectIdentifier(subject)
    var record = subjects[id] ?? Subject(subject)
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
        \(record.instance) was deallocated while key value observers were still registered with it: \
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
          "\(observance.observerDescription) still observes \"\(observance.keyPath)\" of \(record.identity)")
      }
    }
    return leftovers
  }
}
#endif
