import Synchronization

/// The entries of one property's ``PropertyObservers``, shared with the entries so they
/// can take themselves out. Detached when the property's object is released.
///
/// A change is delivered to the entries as they were when it began, without copying
/// them: see ``beginReading()``.
///
/// `@unchecked Sendable`: the entries are changed only under their lock, and read
/// outside it only through a ``Reading``, whose version no thread changes; the counters
/// and flag are atomics.
@usableFromInline
final class ObserverList: @unchecked Sendable {
  private let state = Locked(State())
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

  /// Begins reading the entries registered now, in order; `nil` when there are none.
  ///
  /// Until ``endReading(_:)``, those entries stay alive and in place: the list changes a
  /// copy instead. That is what an array snapshot would give, without its retain and
  /// release — two of the dearest calls of an observed set.
  @inline(__always)
  func beginReading() -> Reading? {
    state.withLock { state in
      guard !state.entries.isEmpty else { return nil }
      state.readers &+= 1
      return Reading(state.entries)
    }
  }

  /// Ends what ``beginReading()`` began.
  @inline(__always)
  func endReading(_ reading: Reading) {
    let readsCurrentVersion = state.withLock { state in
      guard reading.reads(state.entries) else { return false }
      state.readers &-= 1
      return true
    }
    if !readsCurrentVersion { endReadingRetired(reading) }
  }

  /// Ends a reading of a version the list has changed since. Its last reader frees it,
  /// after the lock is released: an entry's last release may run user code.
  @inline(never)
  private func endReadingRetired(_ reading: Reading) {
    let finished = state.withLock { $0.endReadingRetired(reading) }
    withExtendedLifetime(finished) {}
  }

  /// Adds an entry, keeping the list ordered by registration sequence.
  func insert(_ entry: PropertyObserver) {
    let inserted = state.withLock { state in
      guard !detached.load(ordering: .relaxed) else { return false }
      state.prepareToChange()
      var index = state.entries.endIndex
      while index > state.entries.startIndex, state.entries[index - 1].sequence > entry.sequence { index -= 1 }
      // Nearly always the end: appending skips the general replacement path.
      if index == state.entries.endIndex { state.entries.append(entry) } else { state.entries.insert(entry, at: index) }
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
    let removed = state.withLock { state in
      guard let index = state.entries.lastIndex(where: { $0 === entry }) else { return false }
      state.prepareToChange()
      // Often the newest entry: removing the last skips moving the others.
      if index == state.entries.endIndex - 1 { state.entries.removeLast() } else { state.entries.remove(at: index) }
      return true
    }
    guard removed else { return }
    observerCount.wrappingSubtract(1, ordering: .relaxed)
    if entry.wantsPrior { priorObserverCount.wrappingSubtract(1, ordering: .relaxed) }
  }

  /// The registrations with an entry here, in registration order.
  var registrations: [any ObservationRegistration] {
    state.withLock { state in state.entries.map(\.registration) }
  }

  /// The object is gone: empties the list for good and returns what was in it.
  func detach() -> ContiguousArray<PropertyObserver> {
    state.withLock { state in
      detached.store(true, ordering: .releasing)
      state.prepareToChange()
      defer { state.entries.removeAll() }
      return state.entries
    }
  }
}

extension ObserverList {
  /// The entries one delivery reads: a version of the list that stays alive and
  /// unchanged until the delivery ends its reading.
  struct Reading {
    /// The version's elements, as the entries' bits: the version keeps them alive.
    let entries: UnsafeRawBufferPointer

    fileprivate init(_ entries: ContiguousArray<PropertyObserver>) {
      // Outlives the closure by design: the list keeps this storage alive and unchanged
      // while any reading of it is under way.
      self.entries = entries.withUnsafeBytes { $0 }
    }

    /// Whether this reading is of `entries`' storage.
    fileprivate func reads(_ entries: ContiguousArray<PropertyObserver>) -> Bool {
      entries.withUnsafeBytes { $0.baseAddress == self.entries.baseAddress }
    }
  }

  /// A version of the entries that has since been changed, kept while it is read.
  private struct RetiredVersion {
    let entries: ContiguousArray<PropertyObserver>
    var readers: Int
  }

  private struct State {
    /// The entries registered now, in registration order.
    var entries: ContiguousArray<PropertyObserver> = []
    /// How many deliveries read `entries`' storage now.
    var readers = 0
    /// Earlier versions deliveries still read.
    var retired: [RetiredVersion] = []

    /// Before changing `entries`: when deliveries read them, keeps their version aside,
    /// which also makes the change that follows copy the storage rather than change it.
    mutating func prepareToChange() {
      guard readers > 0 else { return }
      retired.append(RetiredVersion(entries: entries, readers: readers))
      readers = 0
    }

    /// Counts out a reading of a retired version; returns the version when that was its
    /// last reader.
    mutating func endReadingRetired(_ reading: Reading) -> ContiguousArray<PropertyObserver>? {
      guard let index = retired.firstIndex(where: { reading.reads($0.entries) }) else {
        preconditionFailure("ObservationToken: a delivery ended a reading its observer list never began")
      }
      retired[index].readers -= 1
      guard retired[index].readers == 0 else { return nil }
      return retired.remove(at: index).entries
    }
  }
}
