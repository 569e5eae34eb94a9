/// Where the raw layer finds a registration to remove: every live raw registration,
/// by the object it observes, held weakly.
///
/// Removal must be safe from any thread, so it cannot find registrations by evaluating
/// the key path — that reads the property, which may be being set. One lock guards the
/// table, as KVO keeps its observation info; tokens never touch it.
@usableFromInline
enum RawRegistrations {
  private struct Entry {
    weak var registration: (any ObservationRegistration)?
  }

  private static let table = Locked<[ObjectIdentifier: [Entry]]>([:])

  /// Remembers a raw registration on `subject`.
  @usableFromInline
  static func add(_ registration: any ObservationRegistration, on subject: AnyObject) {
    table.withLock { table in
      table[ObjectIdentifier(subject), default: []].removeAll { $0.registration?.isValid != true }
      table[ObjectIdentifier(subject), default: []].append(Entry(registration: registration))
    }
  }

  /// Forgets a registration that has ended.
  static func remove(_ registration: any ObservationRegistration, on subject: ObjectIdentifier) {
    table.withLock { table in
      guard var entries = table[subject] else { return }
      entries.removeAll { $0.registration == nil || $0.registration === registration }
      table[subject] = entries.isEmpty ? nil : entries
    }
  }

  /// The live raw registrations on `subject`.
  ///
  /// Validity is enough to tell them from those of an earlier object at the same address:
  /// a registration closes while its subject is being released, before the memory can
  /// be reused.
  static func registrations(on subject: AnyObject) -> [any ObservationRegistration] {
    let entries = table.withLock { $0[ObjectIdentifier(subject)] ?? [] }
    return entries.compactMap(\.registration).filter(\.isValid)
  }
}
