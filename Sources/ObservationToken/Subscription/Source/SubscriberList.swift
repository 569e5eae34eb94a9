import Synchronization

/// The subscribers of one source, in sequence order, read by deliveries without a lock and
/// without copying.
///
/// ## The reading discipline
///
/// A delivery calls ``beginReading()`` under the lock: it counts itself as a reader of the
/// current version (the array's storage) and gets the address of its elements. It then
/// calls each subscriber, with no lock held, through that address, and ends with
/// ``endReading(_:)``. Meanwhile every change of the list, under the lock, first runs
/// `State.prepareToChange()`: if the current version has readers, it is moved aside
/// (`retired`) with its reader count, which also makes the change copy the storage instead
/// of changing it in place. So:
///
/// - **Invariant:** a version with readers is never changed or freed. Its elements stay
///   alive (the version holds them) and in place until its last reader ends; the retired
///   version is freed by that reader, after the lock is released (an entry's last release
///   may run user code).
/// - A reading is matched to its version by the elements' address, which is unique among
///   the versions alive: the current one and the retired ones, all held.
/// - Hence a delivery sees exactly the subscribers registered when it began; one added
///   during it waits for the next; one ended during it is skipped by its own gate.
///
/// ## Ending in any order
///
/// Every entry knows its index in the current version (``ListedSubscription/listIndex``,
/// kept under the lock), so the list finds it without searching, and leaving empties its
/// slot (`nil`, which readings pass over) instead of moving the entries after it; the
/// newest entry is taken off the end, with any empty slots before it. Once empty slots
/// outnumber the entries, the entries are moved down over them, in order, and renumbered:
/// a compaction moves fewer entries than slots were emptied since the last one, so ending
/// costs amortised O(1) whatever the order — `ObservationBag.removeAll()` and
/// `EventSender.removeAllSubscriptions()` end the oldest first — and a version is never
/// more than half empty. Emptying a slot is a change like
/// any other: a version with readers is retired first. Nothing is freed under the lock by
/// leaving: the caller of ``remove(_:)`` holds the entry, and empty slots hold nothing.
///
/// ## Waiting for the deliveries under way
///
/// A subscription that ends leaves the list at once, though a delivery that read it before
/// may still be calling its handler. Whoever ends everything in the list — an event's
/// `removeAllSubscriptions()` — must also wait for the calls of subscriptions that other
/// threads are ending, which it no longer sees: ``entriesEndingAll()`` retires the version
/// deliveries read now and marks it, and ``waitForDeliveries(before:)`` waits until every
/// retired version up to the mark has lost its last reader. Versions are numbered as they are
/// retired; the last reader of one wakes the waiters.
///
/// Debug builds check the list's consistency after every change.
///
/// `@unchecked Sendable`: the state changes only under its lock; a ``Reading`` reaches a
/// version that, by the invariant, no thread changes; the count and flag are atomics.
@usableFromInline
struct SubscriberList<Entry: ListedSubscription>: ~Copyable, @unchecked Sendable {
  private let state = Locked(State())
  /// The number of subscribers, changed under the lock; read without it, so a reader
  /// outside the lock learns only whether to look closer.
  @usableFromInline let count = Atomic<Int>(0)
  private let detached = Atomic<Bool>(false)
  /// How many retired versions have been freed; what a thread in
  /// ``waitForDeliveries(before:)`` sleeps on.
  private let retiredFreed = Atomic<UInt64>(0)

  init() {}

  /// Whether the source is still alive (the list has not been detached).
  var isAttached: Bool { !detached.load(ordering: .acquiring) }

  /// Begins reading the subscribers registered now, in order; `nil` when there are none.
  @inline(__always)
  func beginReading() -> Reading? {
    state.withLock { state in
      // Never only empty slots: they are fewer than the entries.
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
  /// after the lock is released.
  @inline(never)
  private func endReadingRetired(_ reading: Reading) {
    let (finished, wakesWaiters) = state.withLock { state -> (ContiguousArray<Entry?>?, Bool) in
      guard let finished = state.endReadingRetired(reading) else { return (nil, false) }
      retiredFreed.wrappingAdd(1, ordering: .sequentiallyConsistent)
      return (finished, state.waiters > 0)
    }
    withExtendedLifetime(finished) {}
    if wakesWaiters { ThreadParking.wakeAll() }
  }

  /// The subscribers now, in order, to be ended together, and a mark of the deliveries
  /// reading the list now — which may still call subscriptions that have left it — for
  /// ``waitForDeliveries(before:)``.
  func entriesEndingAll() -> (entries: [Entry], mark: UInt64) {
    state.withLock { state -> ([Entry], UInt64) in
      if state.readers > 0 {
        state.prepareToChange()
        // A version of its own for the deliveries to come: two versions never share storage.
        state.entries.withUnsafeMutableBufferPointer { _ in }
      }
      return (state.entries.compactMap { $0 }, state.versionsRetired)
    }
  }

  /// Waits until the deliveries that were reading the list when ``entriesEndingAll()``
  /// returned `mark` have ended — unless the calling thread is inside a handler, where
  /// waiting could deadlock (it may be one of them).
  func waitForDeliveries(before mark: UInt64) {
    guard !DeliveryDepth.isDelivering else { return }
    while true {
      let freed = state.withLock { state -> UInt64? in
        guard state.retired.contains(where: { $0.serial <= mark }) else { return nil }
        state.waiters &+= 1
        return retiredFreed.load(ordering: .sequentiallyConsistent)
      }
      guard let freed else { return }
      // Asleep only until a retired version is freed after the count was read: its last
      // reader increments the count under the lock, then wakes the waiters.
      ThreadParking.sleep { retiredFreed.load(ordering: .sequentiallyConsistent) == freed }
      state.withLock { $0.waiters &-= 1 }
    }
  }

  /// Adds a subscriber in sequence order — or, unless `ordered`, where every subscriber
  /// has the same sequence, last — `.refused` when the list is detached.
  @discardableResult
  func insert(_ entry: Entry, ordered: Bool = true) -> ListChange {
    state.withLock { state in
      guard !detached.load(ordering: .relaxed) else { return .refused }
      state.prepareToChange()
      var index = state.entries.endIndex
      while ordered, index > state.entries.startIndex {
        // Empty slots are passed over: the order is the entries'.
        if let previous = state.entries[index - 1], previous.sequence <= entry.sequence { break }
        index -= 1
      }
      // Nearly always the end: appending skips the general replacement path.
      if index == state.entries.endIndex {
        entry.listIndex = ListIndex(index)
        state.entries.append(entry)
      } else {
        state.insert(entry, at: index)
      }
      return countChanged(&state)
    }
  }

  /// Removes a subscriber, which the caller holds (so that nothing is freed under the
  /// lock); `.refused` when it is not here. Amortised O(1): see "Ending in any order".
  /// Inlined into its callers, the ends of a subscription and of a registration (see
  /// INVARIANTS).
  @discardableResult @inline(__always)
  func remove(_ entry: Entry) -> ListChange {
    state.withLock { state in
      let index = entry.listIndex.value
      guard state.entries.indices.contains(index), state.entries[index] === entry else { return .refused }
      state.prepareToChange()
      entry.listIndex = .notListed
      if index == state.entries.endIndex - 1 {
        state.entries.removeLast()
        if state.emptySlots != 0 { state.trimEnd() }
      } else {
        state.entries[index] = nil
        state.emptySlots &+= 1
        if state.emptySlots > state.liveCount { state.compact() }
      }
      return countChanged(&state)
    }
  }

  /// Under the lock, after a change: publishes the count, checks the invariants in debug
  /// builds, and says whether the list became non-empty or empty — numbered, so that the
  /// caller can act on the transitions in the order they happened (``TransitionActions``).
  private func countChanged(_ state: inout State) -> ListChange {
    state.checkConsistency()
    let newCount = state.liveCount
    let oldCount = count.exchange(newCount, ordering: .relaxed)
    let kind: CountTransition.Kind
    switch (oldCount, newCount) {
    case (0, 1): kind = .first
    case (1, 0): kind = .last
    default: return .changed
    }
    state.transitions &+= 1
    return .transition(CountTransition(kind: kind, serial: state.transitions))
  }

  /// The subscribers now, in order.
  var entries: [Entry] {
    state.withLock { $0.entries.compactMap { $0 } }
  }

  /// The source is gone: empties the list for good and returns what was in it.
  func detach() -> ContiguousArray<Entry> {
    let entries = state.withLock { state in
      detached.store(true, ordering: .releasing)
      state.prepareToChange()
      count.store(0, ordering: .relaxed)
      defer {
        state.entries.removeAll()
        state.emptySlots = 0
      }
      return ContiguousArray(state.entries.lazy.compactMap { $0 })
    }
    return entries
  }
}

extension SubscriberList {
  /// The subscribers one delivery reads: a version of the list that stays alive and
  /// unchanged until the delivery ends its reading.
  struct Reading {
    /// The version's elements, as the entries' bits: the version keeps them alive.
    private let elements: UnsafeRawBufferPointer

    fileprivate init(_ entries: ContiguousArray<Entry?>) {
      // Outlives the closure by design: the list keeps this storage alive and unchanged
      // while any reading of it is under way (the invariant above).
      elements = entries.withUnsafeBytes { $0 }
    }

    /// Calls `body` with each subscriber, in order, without retaining it: the version
    /// holds them all. Empty slots are passed over.
    @inline(__always)
    func forEach(_ body: (Entry) -> Void) {
      for entry in elements.assumingMemoryBound(to: Unmanaged<Entry>?.self) {
        entry?._withUnsafeGuaranteedRef(body)
      }
    }

    /// Whether this reading is of `entries`' storage.
    fileprivate func reads(_ entries: ContiguousArray<Entry?>) -> Bool {
      entries.withUnsafeBytes { $0.baseAddress == elements.baseAddress }
    }
  }

  /// A version of the entries that has since been changed, kept while it is read.
  struct RetiredVersion {
    let entries: ContiguousArray<Entry?>
    var readers: Int
    /// The number it was retired under, counted from 1.
    let serial: UInt64
  }

  struct State {
    /// The entries registered now, in sequence order, in slots some of which are empty
    /// (`nil`): those of entries that left, fewer than the entries, never the last.
    var entries: ContiguousArray<Entry?> = []
    /// How many of `entries`' slots are empty.
    var emptySlots = 0
    /// How many deliveries read `entries`' storage now.
    var readers = 0
    /// Earlier versions deliveries still read.
    var retired: [RetiredVersion] = []
    /// How many count transitions the list has made.
    var transitions: UInt64 = 0
    /// How many versions have been retired: the serial of the last.
    var versionsRetired: UInt64 = 0
    /// How many threads wait in ``SubscriberList/waitForDeliveries(before:)``.
    var waiters = 0

    /// How many entries are registered: the slots that are not empty.
    var liveCount: Int { entries.count &- emptySlots }

    /// Inserts `entry` before those from `index` on, which move up one place.
    mutating func insert(_ entry: Entry, at index: Int) {
      entries.insert(entry, at: index)
      for position in index..<entries.endIndex { entries[position]?.listIndex = ListIndex(position) }
    }

    /// After the last entry was taken off the end: takes off the empty slots before it, so
    /// that the last slot is never empty, and compacts if empty slots are now the most.
    mutating func trimEnd() {
      while let last = entries.last, last == nil {
        entries.removeLast()
        emptySlots &-= 1
      }
      if emptySlots > liveCount { compact() }
    }

    /// Moves the entries down over the empty slots, in order, and renumbers them. Frees
    /// nothing: empty slots hold nothing.
    @inline(never)
    mutating func compact() {
      entries.removeAll { $0 == nil }
      emptySlots = 0
      for position in entries.indices { entries[position]?.listIndex = ListIndex(position) }
    }

    /// Before changing `entries`: when deliveries read them, keeps their version aside,
    /// which also makes the change that follows copy the storage rather than change it.
    mutating func prepareToChange() {
      guard readers > 0 else { return }
      versionsRetired &+= 1
      retired.append(RetiredVersion(entries: entries, readers: readers, serial: versionsRetired))
      readers = 0
    }

    /// Counts out a reading of a retired version; returns the version when that was its
    /// last reader.
    mutating func endReadingRetired(_ reading: Reading) -> ContiguousArray<Entry?>? {
      guard let index = retired.firstIndex(where: { reading.reads($0.entries) }) else {
        fatalError("ObservationToken: a delivery ended a reading its subscriber list never began")
      }
      retired[index].readers -= 1
      guard retired[index].readers == 0 else { return nil }
      return retired.remove(at: index).entries
    }

    /// Debug builds: after a change, the invariants the reading discipline rests on — the
    /// current version has no readers (a change always starts a fresh count), every kept
    /// version is still read, fewer empty slots than entries and none last — and around the
    /// end, where changes land, that the list is in order and every entry knows its place.
    func checkConsistency() {
      #if DEBUG
      assert(readers == 0, "ObservationToken: a subscriber list changed a version under its readers")
      assert(retired.allSatisfy { $0.readers > 0 }, "ObservationToken: a retired version nobody reads was kept")
      assert(emptySlots >= 0 && emptySlots <= liveCount, "ObservationToken: a subscriber list is mostly empty slots")
      assert(entries.last.map { $0 != nil } ?? true, "ObservationToken: a subscriber list ends with an empty slot")
      let tail = entries.indices.suffix(3).compactMap { index in entries[index].map { (index, $0) } }
      assert(
        tail.allSatisfy { $0.1.listIndex.value == $0.0 }, "ObservationToken: a subscriber list lost an entry's place")
      assert(
        zip(tail, tail.dropFirst()).allSatisfy { $0.1.sequence <= $1.1.sequence }, "ObservationToken: out of order")
      #endif
    }
  }
}
