import Synchronization

/// The entries of one property's ``PropertyObservers``, shared with the entries so they
/// can take themselves out. Detached when the property's object is released.
///
/// `@unchecked Sendable`: the entries are only reached through their lock, and the
/// counters and flag are atomics.
@usableFromInline
final class ObserverList: @unchecked Sendable {
  private let entries = Locked<ContiguousArray<PropertyObserver>>([])
  @usableFromInline let observerCount = Atomic<Int>(0)
  @usableFromInline let priorObserverCount = Atomic<Int>(0)
  private let detached = Atomic<Bool>(false)
  /// Reads a change of this property without its type, for registrations that depend
  /// on it.
  let erase: (UnsafeRawPointer) -> DependencyChange

  init(erase: @escaping (UnsafeRawPointer) -> DependencyChange) {
    self.erase = erase
  }

  /// Whether the property's object is still alive.
  var isAttached: Bool { !detached.load(ordering: .acquiring) }

  /// The entries registered now, in order.
  func snapshot() -> ContiguousArray<PropertyObserver> {
    entries.withLock { $0 }
  }

  /// Adds an entry, keeping the list ordered by registration sequence.
  func insert(_ entry: PropertyObserver) {
    let inserted = entries.withLock { entries in
      guard !detached.load(ordering: .relaxed) else { return false }
      var index = entries.endIndex
      while index > entries.startIndex, entries[index - 1].sequence > entry.sequence { index -= 1 }
      // Nearly always the end: appending skips the general replacement path.
      if index == entries.endIndex { entries.append(entry) } else { entries.insert(entry, at: index) }
      return true
    }
    // A detached list's object is gone: the entry is closed at once, without telling its
    // owner (which may be the caller, holding its own lock).
    guard inserted else {
      entry.close()
      return
    }
    observerCount.wrappingAdd(1, ordering: .relaxed)
    if entry.wantsPrior { priorObserverCount.wrappingAdd(1, ordering: .relaxed) }
  }

  /// Removes an entry if it is still here.
  func remove(_ entry: PropertyObserver) {
    let removed = entries.withLock { entries in
      guard let index = entries.lastIndex(where: { $0 === entry }) else { return false }
      // Often the newest entry: removing the last skips moving the others.
      if index == entries.endIndex - 1 { entries.removeLast() } else { entries.remove(at: index) }
      return true
    }
    guard removed else { return }
    observerCount.wrappingSubtract(1, ordering: .relaxed)
    if entry.wantsPrior { priorObserverCount.wrappingSubtract(1, ordering: .relaxed) }
  }

  /// The registrations with an entry here, in registration order.
  var registrations: [any ObservationRegistration] {
    entries.withLock { entries in entries.map(\.registration) }
  }

  /// The object is gone: empties the list for good and returns what was in it.
  func detach() -> ContiguousArray<PropertyObserver> {
    entries.withLock { entries in
      detached.store(true, ordering: .releasing)
      defer { entries.removeAll() }
      return entries
    }
  }
}
