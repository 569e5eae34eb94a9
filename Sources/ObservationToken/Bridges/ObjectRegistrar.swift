import Observation

/// One object's `ObservationRegistrar`, shared by all its `@Observed` properties, as the
/// `@Observable` macro keeps one per object.
///
/// With one registrar, a tracking scope that reads several properties of an object is
/// installed on the object once, as with the macro, rather than once per property. The
/// object's storage belongs to its class, so the registrar lives beside it: each
/// property's ``PropertyRegistrar`` holds it, a table finds it by the object's identity,
/// and it dies with the last of them, which is the object's release.
final class ObjectRegistrar: Sendable {
  private let registrar = ObservationRegistrar()
  private let object: ObjectIdentifier

  private init(for object: ObjectIdentifier) {
    self.object = object
  }

  deinit {
    Self.table.withLock { table in
      // Only while it is still this registrar's entry; weak references to a registrar
      // being released already read `nil`.
      if table[object]?.object == nil { table[object] = nil }
    }
  }

  // The registrar is reached from here, not from outside: read from another object's
  // method, the resilient struct is copied on every call (see INVARIANTS).

  /// A read of the property at `keyPath`.
  func access<Subject: Observable, Value>(_ subject: Subject, _ keyPath: KeyPath<Subject, Value>) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// The property at `keyPath` is about to change.
  func willSet<Subject: Observable, Value>(_ subject: Subject, _ keyPath: KeyPath<Subject, Value>) {
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// The property at `keyPath` has changed.
  func didSet<Subject: Observable, Value>(_ subject: Subject, _ keyPath: KeyPath<Subject, Value>) {
    registrar.didSet(subject, keyPath: keyPath)
  }

  /// The live registrars by object; entries leave with their registrar.
  private static let table = Locked<[ObjectIdentifier: WeakReference<ObjectRegistrar>]>([:])

  /// Whether the table still has an entry for `object` whose registrar is gone: never,
  /// since a registrar takes its entry with it. For tests.
  static func hasStaleEntry(for object: ObjectIdentifier) -> Bool {
    // Loaded after the lock: the last reference to a registrar, dropped under it, would run
    // its deinit there, which takes the same lock.
    guard let entry = table.withLock({ $0[object] }) else { return false }
    return entry.object == nil
  }

  /// `object`'s registrar, made on the first read or observation of one of its
  /// `@Observed` properties.
  static func of(_ object: AnyObject) -> ObjectRegistrar {
    let id = ObjectIdentifier(object)
    return table.withLock { table in
      if let registrar = table[id]?.object { return registrar }
      let registrar = ObjectRegistrar(for: id)
      table[id] = WeakReference(registrar)
      return registrar
    }
  }
}
