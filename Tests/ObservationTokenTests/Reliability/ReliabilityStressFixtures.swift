import Foundation
import ObservationToken
import Synchronization

// Shared objects for the stress tests, and the counters that make their accounting exact.
//
// Locking discipline (the package's contract): an `@Observed` value is ordinary storage,
// so every set of a value, and every observation added to it (which reads the key path),
// happens while holding the lock of the "island" the object belongs to. A derived or chain
// registration evaluates its key path again on every change, reading every property along
// the way, so all the objects a key path reads are in one island. Everything else —
// invalidating, releasing tokens, emptying bags, removing raw observers, releasing
// observers or subjects — takes no lock. The locks are `NSLock`s, which ThreadSanitizer
// understands (it does not see `Synchronization.Mutex` on Linux).

/// A document for the stress tests: an integer, a flag, and a value derived from both.
///
/// `@unchecked Sendable`: its values are only touched under its island's lock.
final class ReliabilityStressDocument: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
  @Observed var flag = false

  /// Reads `flag` and `value`.
  var derived: Int { flag ? -value : value }
}

/// Holds a replaceable document: the root of `\.document?.value`.
///
/// `@unchecked Sendable`: its value is only touched under its island's lock.
final class ReliabilityStressCell: KeyValueObservable, @unchecked Sendable {
  @Observed var document: ReliabilityStressDocument?

  init(document: ReliabilityStressDocument?) {
    _document = Observed(wrappedValue: document)
  }
}

/// The changes one key path's observers must see: counted as begun before each change
/// that affects the key path, and as finished once every handler returned. Changes are
/// made under the island's lock, so at most one is under way.
final class ReliabilityChannel: Sendable {
  let name: String
  private let begunCount = Atomic(0)
  private let finishedCount = Atomic(0)

  init(_ name: String) {
    self.name = name
  }

  var begun: Int { begunCount.load(ordering: .sequentiallyConsistent) }
  var finished: Int { finishedCount.load(ordering: .sequentiallyConsistent) }

  func begin() {
    begunCount.add(1, ordering: .sequentiallyConsistent)
  }

  func finish() {
    finishedCount.add(1, ordering: .sequentiallyConsistent)
  }
}

/// What a test knows of one observation that is started and ended during a storm.
final class ReliabilityChurnRecord: Sendable {
  enum Ending: Int {
    case invalidated, dropped, emptiedBag, removed, observerReleased, notEnded
  }

  let channel: ReliabilityChannel
  /// Tells the observation apart in failure messages, such as its key path's shape.
  let label: String
  /// The channel's finished changes when the observation was added (under the lock).
  let start: Int
  private let callCount = Atomic(0)
  private let lateCallCount = Atomic(0)
  private let endedFlag = Atomic(false)
  private let lowerBoundValue = Atomic(-1)
  private let upperBoundValue = Atomic(-1)
  private let endingValue = Atomic(Ending.notEnded.rawValue)
  /// The new value of each call, as a number (see ``ReliabilityStableCounter``), for
  /// the failure message: it tells a repeated delivery from a stray one.
  private let newValues = LockedValue<[Int]>([])

  init(channel: ReliabilityChannel, label: String = "") {
    self.channel = channel
    self.label = label
    start = channel.finished
  }

  var calls: Int { callCount.load(ordering: .sequentiallyConsistent) }
  var lateCalls: Int { lateCallCount.load(ordering: .sequentiallyConsistent) }

  /// Call at the very start of the handler, with the change's new value.
  func handlerCalled(new: Any?) {
    if endedFlag.load(ordering: .sequentiallyConsistent) { lateCallCount.add(1, ordering: .sequentiallyConsistent) }
    callCount.add(1, ordering: .sequentiallyConsistent)
    newValues.withLock { $0.append(ReliabilityStableCounter.number(new)) }
  }

  /// Waits a little for the next call, so that the end races with deliveries: returns
  /// after a call or `spins` yields.
  func waitForNextCall(spins: Int = 50) {
    let calls = calls
    for _ in 0..<spins where self.calls == calls { sched_yield() }
  }

  /// Ends the observation with `end`, which must not return before the observation has
  /// ended (`invalidate()`, a token's release, `removeAll()`, `removeObserver`), and
  /// records the bounds on its calls: at least the changes finished before, at most those
  /// begun once it returned.
  func end<Failure: Error>(_ ending: Ending, _ end: () throws(Failure) -> Void) throws(Failure) {
    let finishedBefore = willEnd()
    try end()
    didEnd(ending, finishedBefore: finishedBefore)
  }

  /// For ending several observations at once: call before, and pass the result to
  /// ``didEnd(_:finishedBefore:)`` once the end has returned.
  func willEnd() -> Int {
    channel.finished
  }

  func didEnd(_ ending: Ending, finishedBefore: Int) {
    endedFlag.store(true, ordering: .sequentiallyConsistent)
    record(ending, lower: finishedBefore - start, upper: channel.begun - start)
  }

  /// Records bounds directly (for an observer release, whose end is its deallocation).
  func record(_ ending: Ending, lower: Int, upper: Int) {
    lowerBoundValue.store(lower, ordering: .sequentiallyConsistent)
    upperBoundValue.store(upper, ordering: .sequentiallyConsistent)
    endingValue.store(ending.rawValue, ordering: .sequentiallyConsistent)
  }

  /// What is wrong, if anything.
  var problem: String? {
    let ending = Ending(rawValue: endingValue.load(ordering: .sequentiallyConsistent)) ?? .notEnded
    let name = channel.name + label
    guard ending != .notEnded else { return "\(name): never ended" }
    let lower = lowerBoundValue.load(ordering: .sequentiallyConsistent)
    let bounds = lower...upperBoundValue.load(ordering: .sequentiallyConsistent)
    if lateCalls != 0 { return "\(name) \(ending): \(lateCalls) calls started after the end returned" }
    if !bounds.contains(calls) {
      let values = newValues.withLock { $0 }
      return "\(name) \(ending): \(calls) calls, not in \(bounds); new values \(values)"
    }
    return nil
  }
}

/// A raw observer that counts into a churn record, and records the channel's begun
/// changes when it is deallocated: no call can start after that.
final class ReliabilityChurnObserver: KeyValueObserving, Sendable {
  let record: ReliabilityChurnRecord
  private let finishedAtRelease = Atomic(-1)

  init(record: ReliabilityChurnRecord) {
    self.record = record
  }

  /// Call just before dropping the last reference.
  func willRelease() {
    finishedAtRelease.store(record.channel.finished, ordering: .sequentiallyConsistent)
  }

  deinit {
    // No lock: the last reference may be dropped by a setter holding the island's lock.
    let lower = finishedAtRelease.load(ordering: .sequentiallyConsistent)
    if lower >= 0 {
      record.record(.observerReleased, lower: lower - record.start, upper: record.channel.begun - record.start)
    }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    record.handlerCalled(new: change.newValue)
    if record.calls.isMultiple(of: 4) { sched_yield() }
  }
}

/// Counts the calls of an observation that lives through a whole storm, and checks that
/// each change's old value is the previous change's new value (the changes come one at a
/// time, under the island's lock, so they must arrive in order).
final class ReliabilityStableCounter: Sendable {
  private let callCount = Atomic(0)
  private let lastValue = Atomic(Int.min)
  private let outOfOrder = Atomic(0)
  /// Calls that started after the observation's end returned.
  private let lateCallCount = Atomic(0)
  private let endedFlag = Atomic(false)
  /// The new value of each call, as a number, for failure messages.
  private let newValues = LockedValue<[Int]>([])

  var calls: Int { callCount.load(ordering: .sequentiallyConsistent) }
  var outOfOrderCalls: Int { outOfOrder.load(ordering: .sequentiallyConsistent) }

  /// The calls for a failure message: how many, and the new values that came twice in a
  /// row — a repeated delivery, or an intermediate object set again — or all of them
  /// when there are few.
  var summary: String {
    let values = newValues.withLock { $0 }
    if values.count <= 50 { return "\(calls) calls, new values \(values)" }
    let repeats = zip(values, values.dropFirst()).filter { $0 == $1 }.map(\.0)
    return "\(calls) calls, new values repeated at once: \(repeats.prefix(20))"
  }
  var lateCalls: Int { lateCallCount.load(ordering: .sequentiallyConsistent) }

  /// A value as a number: an integer, or one number for anything else (`nil`, a document).
  static func number(_ value: Any?) -> Int {
    (value as? Int) ?? Int.min + 1
  }

  func called(old: Any?, new: Any?) {
    if endedFlag.load(ordering: .sequentiallyConsistent) { lateCallCount.add(1, ordering: .sequentiallyConsistent) }
    callCount.add(1, ordering: .sequentiallyConsistent)
    newValues.withLock { $0.append(Self.number(new)) }
    guard let new else { return }
    let last = lastValue.exchange(Self.number(new), ordering: .sequentiallyConsistent)
    if last != Int.min, old.map(Self.number) != last { outOfOrder.add(1, ordering: .sequentiallyConsistent) }
  }

  /// Ends the observation with `end`; calls starting afterwards are counted as late.
  func end<Failure: Error>(_ end: () throws(Failure) -> Void) throws(Failure) {
    try end()
    endedFlag.store(true, ordering: .sequentiallyConsistent)
  }
}

/// A raw observer that lives through a whole storm, counting into a stable counter.
final class ReliabilityStableObserver: KeyValueObserving, Sendable {
  let counter = ReliabilityStableCounter()

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    counter.called(old: change.oldValue, new: change.newValue)
  }
}

/// A first-in first-out hand-over of work between threads.
final class ReliabilityQueue<Element: Sendable>: Sendable {
  private let elements = LockedValue<[Element]>([])

  func push(_ element: Element) {
    elements.withLock { $0.append(element) }
  }

  func pop() -> Element? {
    elements.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  func popAll() -> [Element] {
    elements.withLock { elements in
      defer { elements.removeAll() }
      return elements
    }
  }
}
