/// Where the raw layer finds a registration to remove: every raw registration still
/// registered, by the object it observes, held weakly.
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

  /// Remembers a raw registration on `subject`. Forgets, on the way, those that ended, and
  /// those of released observers whose address the new one's observer has: no removal
  /// can name them any more (see ``RawObserver/isRegistration(of:)``). A registration
  /// whose observer was released is otherwise kept, so that the observer's `deinit` can
  /// still remove it.
  @usableFromInline
  static func add(_ registration: any ObservationRegistration, on subject: AnyObject) {
    table.withLock { table in
      table[ObjectIdentifier(subject), default: []].removeAll { entry in
        guard let filed = entry.registration, filed.isRegistered else { return true }
        return filed.info.isOrphaned(by: registration.info)
      }
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

  /// The raw registrations still registered on `subject`, their observers alive or not.
  ///
  /// Being registered is enough to tell them from those of an earlier object at the same
  /// address: a registration ends, or loses its subject, while its subject is being
  /// released, before the memory can be reused.
  static func registrations(on subject: AnyObject) -> [any ObservationRegistration] {
    let entries = table.withLock { $0[ObjectIdentifier(subject)] ?? [] }
    return entries.compactMap(\.registration).filter(\.isRegistered)
  }
}
