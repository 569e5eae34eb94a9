import Foundation
import Synchronization
import Testing

@testable import ObservationToken

/// The engine's thread-safety contract: a property's value is ordinary storage, so its
/// sets are serialized by the caller with every other access to it, observations
/// included (here with a ``PropertyGuard`` per property), while reads and observations
/// may run at once; everything the engine owns — observer lists, registrations, removal,
/// the release of either side — is safe from any thread.
@Suite("Concurrency")
struct ConcurrencyTests {
  private static let threadCount = 4
  private static let iterations = 2_000

  @Test("Concurrent sets, adds, removals and observer releases deliver each set exactly once to each registration")
  func stress() async throws {
    let counters = ContendedCounters()
    let guards = [PropertyGuard(), PropertyGuard()]
    // Registered before any thread starts and kept to the end: they get every set.
    let steady = [[ChangeRecorder(), ChangeRecorder()], [ChangeRecorder(), ChangeRecorder()]]
    for property in 0..<2 {
      for recorder in steady[property] { counters.addObserver(recorder, to: property, options: [.old, .new]) }
    }
    let pending = LockedValue<[Churn]>([])
    let outcomes = LockedValue<[ChurnOutcome]>([])

    let finished = await runOnThreads(Self.threadCount) { thread in
      for iteration in 0..<Self.iterations {
        let property = (thread + iteration) % 2
        let propertyGuard = guards[property]
        // 1. A set, under the property's lock; every value set is unique.
        propertyGuard.set { counters.set(property, to: thread * Self.iterations + iteration + 1) }
        // 2. A churn registration, added under the lock, left for any thread to end.
        do {
          let record = ChurnRecord(propertyGuard: propertyGuard)
          let observer = ChurnObserver(record: record)
          propertyGuard.withLock {
            counters.addObserver(observer, to: property, context: Contexts.first)
            record.start = propertyGuard.finished
          }
          pending.withLock { $0.append(Churn(observer: observer, record: record, property: property)) }
        }
        // 3. End the oldest churn registration, often another thread's, without any lock:
        //    remove it, or release its observer.
        guard var churn = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
        let churnGuard = guards[churn.property]
        let finishedBefore = churnGuard.finished
        if iteration.isMultiple(of: 2), let observer = churn.observer {
          var removalError: KeyValueObservingError?
          do throws(KeyValueObservingError) {
            try counters.removeObserver(observer, from: churn.property, context: Contexts.first)
          } catch {
            removalError = error
          }
          // Once the removal has returned, no call can start: the sets begun so far bound them.
          let bounds = (finishedBefore - churn.record.start)...(churnGuard.begun - churn.record.start)
          outcomes.withLock { $0.append(ChurnOutcome(record: churn.record, ending: .removed(removalError, bounds))) }
        } else {
          // Calls can go on until the observer is deallocated, which may come a little later:
          // a thread calling it, or looking through the registrations, may hold it meanwhile.
          let lowerBound = finishedBefore - churn.record.start
          outcomes.withLock { $0.append(ChurnOutcome(record: churn.record, ending: .released(lowerBound))) }
        }
        churn.observer = nil
      }
    }
    try #require(finished, "the threads did not finish: a deadlock")

    // What is left is removed on this thread while no set is under way: exact counts.
    var leftOver = pending.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    while var churn = leftOver.popLast() {
      let count = guards[churn.property].finished - churn.record.start
      try counters.removeObserver(churn.observer!, from: churn.property, context: Contexts.first)
      churn.observer = nil
      outcomes.withLock { $0.append(ChurnOutcome(record: churn.record, ending: .removed(nil, count...count))) }
    }

    let allOutcomes = outcomes.withLock { $0 }
    #expect(allOutcomes.count == Self.threadCount * Self.iterations)
    let problems = allOutcomes.compactMap(\.problem)
    #expect(problems.isEmpty, "\(problems.count) problems, such as \(problems.prefix(5))")

    for property in 0..<2 {
      let sets = guards[property].finished
      #expect(sets == Self.threadCount * Self.iterations / 2)
      for recorder in steady[property] {
        let changes = recorder.changes
        #expect(changes.count == sets)
        // Sets are serialized, so each change's old value is the previous change's new one.
        let olds = changes.map { $0.old(as: Int.self) }
        let news = changes.map { $0.new(as: Int.self) }
        #expect(olds == [0] + news.dropLast())
        #expect(Set(news.compactMap { $0 }).count == sets)
      }
    }

    // A set of each property prunes the registrations of released observers; then only
    // the steady registrations are left.
    withExtendedLifetime(steady) {
      for property in 0..<2 { counters.set(property, to: -1) }
      #expect(counters.observationDescription.split(separator: "\n").count == 1 + 4)
    }
  }

  @Test("Chain roots released on some threads while the object along the chain changes on others")
  func chainRootsReleasedDuringChanges() async throws {
    let document = Document()
    let titleGuard = PropertyGuard()
    let observers = LockedValue<[WeakBox<CountingObserver>]>([])
    let chainsPerThread = 500
    let setsPerThread = 2_000

    let finished = await runOnThreads(Self.threadCount) { thread in
      if thread.isMultiple(of: 2) {
        for iteration in 0..<setsPerThread {
          titleGuard.set { document.title = "\(thread)-\(iteration)" }
        }
      } else {
        for _ in 0..<chainsPerThread {
          let observer = CountingObserver()
          observers.withLock { $0.append(WeakBox(observer)) }
          // Adding reads the title, so it takes the title's lock; the release does not.
          let cell = DocumentCell(document: document)
          titleGuard.withLock { cell.addObserver(observer, forKeyPath: \.document?.title) }
        }
      }
    }
    try #require(finished, "the threads did not finish: a deadlock")

    #expect(observers.withLock { $0.allSatisfy { $0.object == nil } })
    #expect(registrationCount(of: document) == 0, "registrations of released chains stayed on the document")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    document.title = "After"
    #expect(recorder.count == 1)
  }

  @Test("Observers released on one thread while another sets the property are freed and pruned")
  func observersReleasedDuringSets() async throws {
    let counters = ContendedCounters()
    let counterGuard = PropertyGuard()
    let handOver = LockedValue<[CountingObserver]>([])
    let weakObservers = LockedValue<[WeakBox<CountingObserver>]>([])
    for _ in 0..<200 {
      let observer = CountingObserver()
      counters.addObserver(observer, to: 0)
      handOver.withLock { $0.append(observer) }
      weakObservers.withLock { $0.append(WeakBox(observer)) }
    }
    let finished = await runOnThreads(2) { thread in
      if thread == 0 {
        for value in 1...1_000 { counterGuard.set { counters.set(0, to: value) } }
      } else {
        while let observer = handOver.withLock({ $0.popLast() }) {
          _ = consume observer
        }
      }
    }
    try #require(finished, "the threads did not finish: a deadlock")
    #expect(weakObservers.withLock { $0.allSatisfy { $0.object == nil } })
    counters.set(0, to: 0)
    #expect(counters.observationDescription.hasSuffix("(none)"))
  }

  @Test(
    """
    Observations made at once on threads that only read the object — the first ever of the \
    property, with a plain read and a description beside them — all see the next set
    """
  )
  func simultaneousFirstObservations() async throws {
    var problems: [String] = []
    for round in 0..<Self.iterations {
      let document = Document()
      let counter = NotificationCounter()
      let tokens = LockedValue<[ObservationToken]>([])
      // Reading is not a change: like any `var`, the property may be read on several
      // threads at once, and observing reads it.
      let finished = await runOnThreads(4) { thread in
        let token: ObservationToken
        switch thread {
        case 0: token = document.observe(\.title) { _, _ in counter.increment() }
        case 1: token = document.observe(\.displayTitle) { _, _ in counter.increment() }
        case 2: return _ = document.title
        default: return _ = document.observationDescription
        }
        tokens.withLock { $0.append(token) }
      }
      try #require(finished, "round \(round): the threads did not finish: a deadlock")
      document.title = "Changed"
      if counter.count != 2 { problems.append("round \(round): \(counter.count) calls, not 2") }
      if problems.count >= 5 { break }
      withExtendedLifetime(tokens) {}
    }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("A removal on another thread returns only after the call under way has finished")
  func removalWaitsForDeliveryUnderWay() throws {
    let document = Document()
    let observer = SlowObserver()
    document.addObserver(observer, forKeyPath: \.title)
    let setter = startThread { document.title = "Final" }
    observer.entered.wait()
    // The call finishes some time after this signal, so the removal starts before it has.
    observer.proceed.signal()
    try document.removeObserver(observer, forKeyPath: \.title)
    #expect(observer.hasFinished)
    try #require(setter.join(), "the setter did not finish: a deadlock")
  }

  /// How many entries the document's title list holds, valid or not.
  private func registrationCount(of document: Document) -> Int {
    let storage = Mirror(reflecting: document).children.first { $0.label == "_title" }?.value
    return (storage as? any ObservedStorage)?.anyObservers?.registrations.count ?? 0
  }
}

/// What the stress test knows of one churn registration; outlives its observer.
private final class ChurnRecord: Sendable {
  let propertyGuard: PropertyGuard
  private let startValue = Atomic(0)
  private let callCount = Atomic(0)
  private let begunAtDeallocationValue = Atomic(-1)

  init(propertyGuard: PropertyGuard) {
    self.propertyGuard = propertyGuard
  }

  /// Sets of the property finished when the registration was added (under the lock).
  var start: Int {
    get { startValue.load(ordering: .sequentiallyConsistent) }
    set { startValue.store(newValue, ordering: .sequentiallyConsistent) }
  }

  var calls: Int { callCount.load(ordering: .sequentiallyConsistent) }

  /// Sets of the property begun when the observer was deallocated; `nil` while it lives.
  var begunAtDeallocation: Int? {
    let value = begunAtDeallocationValue.load(ordering: .sequentiallyConsistent)
    return value < 0 ? nil : value
  }

  func recordCall() {
    callCount.add(1, ordering: .sequentiallyConsistent)
  }

  func recordDeallocation() {
    begunAtDeallocationValue.store(propertyGuard.begun, ordering: .sequentiallyConsistent)
  }
}

/// Counts its calls into its record, and notes there when it is deallocated.
private final class ChurnObserver: KeyValueObserving, Sendable {
  let record: ChurnRecord

  init(record: ChurnRecord) {
    self.record = record
  }

  deinit {
    // No lock here: the last reference may be dropped by a setter holding the property's lock.
    record.recordDeallocation()
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    record.recordCall()
  }
}

/// A churn registration waiting for a thread to end it.
private struct Churn: Sendable {
  var observer: ChurnObserver?
  let record: ChurnRecord
  let property: Int
}

/// How a churn registration ended.
private struct ChurnOutcome: Sendable {
  enum Ending: Sendable {
    /// Removed (with the error, if the removal threw), with the bounds on its calls.
    case removed(KeyValueObservingError?, ClosedRange<Int>)
    /// Its observer was released; calls made at least the lower bound given.
    case released(Int)
  }

  let record: ChurnRecord
  let ending: Ending

  /// What is wrong with it, if anything.
  var problem: String? {
    guard let begunAtDeallocation = record.begunAtDeallocation else { return "observer never deallocated" }
    let calls = record.calls
    switch ending {
    case .removed(let error?, _):
      return "removal threw \(error)"
    case .removed(nil, let bounds):
      return bounds.contains(calls) ? nil : "removed after \(calls) calls, not in \(bounds)"
    case .released(let lowerBound):
      // No call can start once the observer is gone.
      let bounds = lowerBound...(begunAtDeallocation - record.start)
      return bounds.contains(calls) ? nil : "released after \(calls) calls, not in \(bounds)"
    }
  }
}

/// Signals when its call starts, then waits to be told to proceed, and finishes a while
/// after that.
private final class SlowObserver: KeyValueObserving, Sendable {
  let entered = DispatchSemaphore(value: 0)
  let proceed = DispatchSemaphore(value: 0)
  private let finished = Atomic(false)

  var hasFinished: Bool { finished.load(ordering: .sequentiallyConsistent) }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    entered.signal()
    proceed.wait()
    Thread.sleep(forTimeInterval: 0.05)
    finished.store(true, ordering: .sequentiallyConsistent)
  }
}
