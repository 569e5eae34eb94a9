/// Where the raw layer finds a registration to remove: every raw registration that a
/// `removeObserver` may still name, by the object it observes.
///
/// Removal must be safe from any thread, so it cannot find registrations by evaluating
/// the key path — that reads the property, which may be being set. One lock guards the
/// table, as KVO keeps its observation info; tokens never touch it.
///
/// A registration stays filed from `addObserver` until a removal names it or its subject
/// is released — also once it was pruned because its observer was released: a change on
/// another thread may prune it while the observer's `deinit` is about to remove it, and
/// that removal must succeed (see ``remove(_:on:)``), whenever it comes. Pruned
/// registrations keep neither their handler nor anything it captured, and leave once their
/// observer's deinitialization has finished (``ObserverMemory``): an observer that never
/// removes itself leaves nothing filed past the next look at its subject.
///
/// The table holds its registrations strongly, and nothing under its lock loads a weak
/// reference or lets go of a registration: the thread holding the lock could otherwise be
/// left with the last reference to an observer or a subject, and run its `deinit` — which
/// may remove an observer, or end the registrations of a model it owned, and so take this
/// lock again. What is decided by loading weak references is decided outside the lock, on
/// a copy of the entries; what leaves the table is handed out of the lock and let go there.
@usableFromInline
enum RawRegistrations {
  fileprivate struct Entry {
    let registration: any ObservationRegistration
    /// Its observer's memory, kept while a removal may name the registration. Here, not in
    /// the registration's info, which every token makes too: a token pays nothing for it.
    let observerMemory: ObserverMemory
    /// Whether it ended because its observer was released.
    var isPruned = false

    /// Whether it was pruned and no removal can name it any more: its observer's `deinit`,
    /// the last place a removal of it could come from, has finished. Reads no weak
    /// reference (see ``ObserverMemory``).
    var isForgettable: Bool { isPruned && observerMemory.observerHasBeenDeinitialized }
  }

  fileprivate struct Table {
    var filed: [ObjectIdentifier: [Entry]] = [:]
    /// How many registrations are filed, over every subject.
    var count = 0
    /// How many the table may hold before ``add(_:on:)`` looks for those of released
    /// subjects everywhere: twice as many as the last look left, so that looking costs
    /// O(1) per registration filed.
    var sweepAt = 64
  }

  private static let table = Locked(Table())

  /// Files a raw registration on `subject`. Forgets, on the way, the registrations of an
  /// earlier object at `subject`'s address, those of released observers whose address the
  /// new one's observer has, and the pruned ones whose observers' `deinit` has finished: no
  /// removal can name them any more (see ``RawObserver/isRegistration(of:)``).
  @usableFromInline
  static func add(_ registration: any ObservationRegistration, of observer: AnyObject, on subject: AnyObject) {
    let id = ObjectIdentifier(subject)
    let memory = ObserverMemory.of(observer)
    let filed = table.withLock { $0.filed[id] ?? [] }
    let forgotten = filed.filter { entry in
      !entry.registration.hasSubject || entry.registration.info.isOrphaned(by: registration.info)
        || entry.isForgettable
    }.map(\.registration)
    let (dropped, sweeps) = table.withLock { table in
      let dropped = table.extract(from: id) { entry in forgotten.contains { $0 === entry.registration } }
      table.filed[id, default: []].append(Entry(registration: registration, observerMemory: memory))
      table.count += 1
      let sweeps = table.count > table.sweepAt
      if sweeps { table.sweepAt = .max }  // one sweep at a time
      return (dropped, sweeps)
    }
    withExtendedLifetime(dropped) {}
    if sweeps { sweepReleasedSubjects() }
  }

  /// Forgets a registration that has ended — unless its observer was released while its
  /// subject lives: it was pruned, and stays filed so that a removal from the observer's
  /// `deinit` still finds it, and finds it once. It is forgotten when that removal names
  /// it, with its subject, or once its observer's `deinit` has finished.
  static func remove(_ registration: any ObservationRegistration, on subject: ObjectIdentifier) {
    if registration.hasSubject && registration.info.observerIsGone {
      let dropped = table.withLock { $0.prune(registration, on: subject) }
      withExtendedLifetime(dropped) {}
      return
    }
    let filed = table.withLock { $0.filed[subject] ?? [] }.map(\.registration)
    let forgotten = filed.filter { $0 === registration || !$0.hasSubject }
    let dropped = table.withLock { table in
      table.extract(from: subject) { entry in forgotten.contains { $0 === entry.registration } }
    }
    withExtendedLifetime(dropped) {}
  }

  /// Takes `registration` out of the table for a removal that named it. Returns `false`
  /// when it was no longer filed: another removal took it first.
  static func take(_ registration: any ObservationRegistration, on subject: AnyObject) -> Bool {
    let dropped = table.withLock { table in
      table.extract(from: ObjectIdentifier(subject)) { $0.registration === registration }
    }
    return !dropped.isEmpty
  }

  /// The raw registrations filed on `subject` that a removal may name: ended or not, their
  /// observers alive or not, but not those of an earlier object at the same address.
  ///
  /// A registration loses its subject while its subject is being released, before the
  /// memory can be reused, so having a subject tells it from those of earlier objects.
  static func registrations(on subject: AnyObject) -> [any ObservationRegistration] {
    let filed = table.withLock { $0.filed[ObjectIdentifier(subject)] ?? [] }
    return filed.map(\.registration).filter(\.hasSubject)
  }

  /// Forgets the registrations of released subjects, everywhere: those that were pruned
  /// before their subject's release have no other moment to leave.
  private static func sweepReleasedSubjects() {
    let filed = table.withLock { $0.filed }
    var forgotten: [ObjectIdentifier: [any ObservationRegistration]] = [:]
    for (subject, entries) in filed {
      let released = entries.map(\.registration).filter { !$0.hasSubject }
      if !released.isEmpty { forgotten[subject] = released }
    }
    let dropped = table.withLock { table in
      let dropped = forgotten.map { subject, released in
        table.extract(from: subject) { entry in released.contains { $0 === entry.registration } }
      }
      table.sweepAt = max(64, table.count * 2)
      return dropped
    }
    withExtendedLifetime(dropped) {}
  }
}

extension RawRegistrations.Table {
  /// Takes out of `subject`'s entry those for which `isTaken` is true, and returns them —
  /// their registrations and observers' memory — so that the caller lets go of them once the
  /// lock is released. `isTaken` compares identities and reads counts: it loads no weak
  /// reference.
  fileprivate mutating func extract(
    from subject: ObjectIdentifier,
    where isTaken: (RawRegistrations.Entry) -> Bool
  ) -> [RawRegistrations.Entry] {
    guard var entries = filed.removeValue(forKey: subject) else { return [] }
    var taken: [RawRegistrations.Entry] = []
    entries.removeAll { entry in
      guard isTaken(entry) else { return false }
      taken.append(entry)
      return true
    }
    count -= taken.count
    if !entries.isEmpty { filed[subject] = entries }
    return taken
  }

  /// Marks `registration` pruned, if it is still filed, then forgets the pruned
  /// registrations of `subject` whose observers' `deinit` has finished — this one's too, if
  /// its observer's has. Returns what it forgot, for the caller to let go of outside the lock.
  fileprivate mutating func prune(
    _ registration: any ObservationRegistration,
    on subject: ObjectIdentifier
  ) -> [RawRegistrations.Entry] {
    guard var entries = filed[subject],
      let index = entries.firstIndex(where: { $0.registration === registration })
    else { return [] }
    entries[index].isPruned = true
    filed[subject] = entries
    return extract(from: subject) { $0.isForgettable }
  }
}
