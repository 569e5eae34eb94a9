import Foundation
import ObservationToken
import Synchronization
import Testing

/// Objects that share one lock, the key paths observed on them, and a channel counting
/// the changes each key path's observers must see. See ReliabilityStressFixtures.swift
/// for the locking discipline.
final class ReliabilityIsland: @unchecked Sendable {
  /// A key path observed on the island.
  enum Watch: Sendable, CustomStringConvertible {
    /// `documents[index].value`: every set of it.
    case value(Int)
    /// `documents[index].derived`: every set of its `value` or `flag`.
    case derived(Int)
    /// `cell.document?.value`: every set of the cell's document, and of the value of the
    /// document the cell holds at the time.
    case chain
    /// `cell.document`: every set of it.
    case cellDocument

    var description: String {
      switch self {
      case .value(let index): "documents[\(index)].value"
      case .derived(let index): "documents[\(index)].derived"
      case .chain: "cell.document?.value"
      case .cellDocument: "cell.document"
      }
    }
  }

  let name: String
  let documents: [ReliabilityStressDocument]
  let cell: ReliabilityStressCell?
  let watches: [Watch]
  let channels: [ReliabilityChannel]
  /// Guards every `@Observed` value of the island's objects. `@unchecked Sendable`: this
  /// lock is the island's synchronization.
  private let lock = NSLock()
  private var lastValue = 0

  init(name: String, documentCount: Int, hasCell: Bool) {
    self.name = name
    documents = (0..<documentCount).map { _ in ReliabilityStressDocument() }
    cell = hasCell ? ReliabilityStressCell(document: documents.first) : nil
    var watches: [Watch] = []
    for index in documents.indices { watches += [.value(index), .derived(index)] }
    if hasCell { watches += [.chain, .cellDocument] }
    self.watches = watches
    channels = watches.map { ReliabilityChannel("\(name).\($0)") }
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  private func channel(_ watch: (Watch) -> Bool) -> ReliabilityChannel? {
    watches.firstIndex(where: watch).map { channels[$0] }
  }

  /// Makes one change, chosen by `choice`, counting it in the channels it affects.
  /// Call while holding the lock.
  func change(_ choice: Int) {
    let documentChanges = documents.count * 2
    let choice = cell == nil ? choice % documentChanges : choice % (documentChanges + 1)
    var affected: [ReliabilityChannel?] = []
    let apply: () -> Void
    if choice < documentChanges {
      let index = choice / 2
      let document = documents[index]
      if choice.isMultiple(of: 2) {
        affected = [channel { if case .value(index) = $0 { true } else { false } }]
        affected.append(channel { if case .derived(index) = $0 { true } else { false } })
        if let cell, cell.document === document {
          affected.append(channel { if case .chain = $0 { true } else { false } })
        }
        lastValue += 1
        let value = lastValue
        apply = { document.value = value }
      } else {
        affected = [channel { if case .derived(index) = $0 { true } else { false } }]
        apply = { document.flag.toggle() }
      }
    } else {
      guard let cell else { return }
      affected = [
        channel { if case .chain = $0 { true } else { false } },
        channel { if case .cellDocument = $0 { true } else { false } },
      ]
      // Another document, the same one again, or none.
      let next = lastValue % (documents.count + 1)
      apply = { cell.document = next < self.documents.count ? self.documents[next] : nil }
    }
    for channel in affected { channel?.begin() }
    apply()
    for channel in affected { channel?.finish() }
  }

  /// Observes the key path of `watches[index]`, handing each call's old and new values to
  /// `handler`. Call while holding the lock.
  func observe(
    _ index: Int,
    passingToken: Bool = false,
    handler: @escaping @Sendable (Any?, Any?) -> Void
  ) -> ObservationToken {
    func erase<Value>(_ change: ObservedChange<Value>) -> (Any?, Any?) {
      (change.oldValue.map { $0 as Any }, change.newValue.map { $0 as Any })
    }
    func observe<Root: KeyValueObservable, Value>(_ root: Root, _ keyPath: KeyPath<Root, Value>) -> ObservationToken {
      if passingToken {
        return root.observe(keyPath) { _, change, token in
          let (old, new) = erase(change)
          handler(old, new)
          _ = token.isValid
        }
      }
      return root.observe(keyPath) { _, change in
        let (old, new) = erase(change)
        handler(old, new)
      }
    }
    switch watches[index] {
    case .value(let document): return observe(documents[document], \.value)
    case .derived(let document): return observe(documents[document], \.derived)
    case .chain: return observe(cell!, \.document?.value)
    case .cellDocument: return observe(cell!, \.document)
    }
  }

  /// Adds a raw registration for the key path of `watches[index]`. Call while holding the lock.
  func addObserver(_ observer: any KeyValueObserving, to index: Int, context: UnsafeMutableRawPointer?) {
    let options: KeyValueObservingOptions = [.old, .new]
    switch watches[index] {
    case .value(let document):
      documents[document].addObserver(observer, forKeyPath: \.value, options: options, context: context)
    case .derived(let document):
      documents[document].addObserver(observer, forKeyPath: \.derived, options: options, context: context)
    case .chain: cell!.addObserver(observer, forKeyPath: \.document?.value, options: options, context: context)
    case .cellDocument: cell!.addObserver(observer, forKeyPath: \.document, options: options, context: context)
    }
  }

  /// Removes a raw registration. Takes no lock: removal never reads the property.
  func removeObserver(
    _ observer: any KeyValueObserving,
    from index: Int,
    context: UnsafeMutableRawPointer?
  ) throws(KeyValueObservingError) {
    switch watches[index] {
    case .value(let document): try documents[document].removeObserver(observer, forKeyPath: \.value, context: context)
    case .derived(let document):
      try documents[document].removeObserver(observer, forKeyPath: \.derived, context: context)
    case .chain: try cell!.removeObserver(observer, forKeyPath: \.document?.value, context: context)
    case .cellDocument: try cell!.removeObserver(observer, forKeyPath: \.document, context: context)
    }
  }
}

/// An object a churn handler captures, to check that ended observations free their handlers.
final class ReliabilityStressProbe: Sendable {}

/// An observation made during a storm, waiting for a thread to end it.
struct ReliabilityChurn: Sendable {
  var token: ObservationToken?
  var observer: ReliabilityChurnObserver?
  let record: ReliabilityChurnRecord
  let island: ReliabilityIsland
  let watch: Int
}

@Suite("Reliability: stress")
struct StressTests {
  static let setterIterations = 10_000
  /// Out of 100 iterations, how many also start an observation for other threads to end.
  static let churnPercent = 30

  @Test(
    """
    Threads setting under per-island locks while others invalidate, drop, empty bags, remove and release \
    without locks: every change reaches every observation valid across it exactly once, none after its end
    """
  )
  func exactAccountingUnderChurn() async throws {
    let islands = [
      ReliabilityIsland(name: "A", documentCount: 2, hasCell: true),
      ReliabilityIsland(name: "B", documentCount: 2, hasCell: false),
    ]

    // Stable observations: made before the storm, ended after it. Each must see every change.
    var stableTokens: [(token: ObservationToken, counter: ReliabilityStableCounter, channel: ReliabilityChannel)] = []
    var stableObservers: [(observer: ReliabilityStableObserver, island: ReliabilityIsland, watch: Int)] = []
    var stableBag = ObservationBag()
    var stableBagCounters: [(counter: ReliabilityStableCounter, channel: ReliabilityChannel)] = []
    for island in islands {
      for index in island.watches.indices {
        island.withLock {
          for passingToken in [false, true] {
            let counter = ReliabilityStableCounter()
            let token = island.observe(index, passingToken: passingToken) { counter.called(old: $0, new: $1) }
            stableTokens.append((token, counter, island.channels[index]))
          }
          let bagCounter = ReliabilityStableCounter()
          island.observe(index) { bagCounter.called(old: $0, new: $1) }.store(in: &stableBag)
          stableBagCounters.append((bagCounter, island.channels[index]))
          let observer = ReliabilityStableObserver()
          island.addObserver(observer, to: index, context: ReliabilityContexts.first)
          stableObservers.append((observer, island, index))
        }
      }
    }

    let invalidations = ReliabilityQueue<ReliabilityChurn>()
    let drops = ReliabilityQueue<ReliabilityChurn>()
    let bagged = ReliabilityQueue<ReliabilityChurn>()
    let rawEndings = ReliabilityQueue<ReliabilityChurn>()
    let records = LockedValue<[ReliabilityChurnRecord]>([])
    let weakTokens = LockedValue<[WeakBox<ObservationToken>]>([])
    let weakObservers = LockedValue<[WeakBox<ReliabilityChurnObserver>]>([])
    let weakProbes = LockedValue<[WeakBox<ReliabilityStressProbe>]>([])
    let settersLeft = Atomic(3)
    let problems = LockedValue<[String]>([])

    /// Sets, under the island's lock; and now and then starts an observation, also under
    /// the lock, for another thread to end.
    @Sendable func setter(_ island: ReliabilityIsland, seed: UInt64) {
      var random = ReliabilityRandom(seed: seed)
      for _ in 0..<Self.setterIterations {
        let choice = random.below(1_000)
        let startsChurn = random.below(100) < Self.churnPercent
        let kind = random.below(6)
        let watch = random.below(island.watches.count)
        island.withLock {
          island.change(choice)
          guard startsChurn else { return }
          let record = ReliabilityChurnRecord(channel: island.channels[watch])
          records.withLock { $0.append(record) }
          if kind < 4 {
            let probe = ReliabilityStressProbe()
            weakProbes.withLock { $0.append(WeakBox(probe)) }
            let token = island.observe(watch, passingToken: kind == 1) { _, new in
              record.handlerCalled(new: new)
              // A slower handler now and then: more deliveries are under way when ends come.
              if record.calls.isMultiple(of: 4) { sched_yield() }
              withExtendedLifetime(probe) {}
            }
            weakTokens.withLock { $0.append(WeakBox(token)) }
            let churn = ReliabilityChurn(token: token, observer: nil, record: record, island: island, watch: watch)
            switch kind {
            case 0, 1: invalidations.push(churn)
            case 2: drops.push(churn)
            default: bagged.push(churn)
            }
          } else {
            let observer = ReliabilityChurnObserver(record: record)
            weakObservers.withLock { $0.append(WeakBox(observer)) }
            island.addObserver(observer, to: watch, context: ReliabilityContexts.second)
            rawEndings.push(
              ReliabilityChurn(token: nil, observer: observer, record: record, island: island, watch: watch)
            )
          }
        }
        if random.below(8) == 0 { sched_yield() }
      }
      settersLeft.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Ends what `queue` hands over, with `end`, until the setters are done and it is empty.
    @Sendable func ender(_ queue: ReliabilityQueue<ReliabilityChurn>, _ end: (inout ReliabilityChurn) -> Void) {
      while true {
        let settersDone = settersLeft.load(ordering: .sequentiallyConsistent) == 0
        if var churn = queue.pop() {
          churn.record.waitForNextCall()
          end(&churn)
          continue
        }
        if settersDone { return }
        sched_yield()
      }
    }

    let finished = await runOnThreads(6) { thread in
      switch thread {
      case 0, 1: setter(islands[0], seed: UInt64(thread + 1))
      case 2: setter(islands[1], seed: 3)
      case 3:
        ender(invalidations) { churn in
          churn.record.end(.invalidated) { churn.token!.invalidate() }
        }
      case 4:
        // Drops tokens, and keeps others in a bag of its own that it empties now and then.
        var bag = ObservationBag()
        var inBag: [ReliabilityChurnRecord] = []
        func emptyBag() {
          let before = inBag.map { $0.willEnd() }
          bag.removeAll()
          for (record, finishedBefore) in zip(inBag, before) {
            record.didEnd(.emptiedBag, finishedBefore: finishedBefore)
          }
          inBag.removeAll()
        }
        var random = ReliabilityRandom(seed: 5)
        while true {
          let settersDone = settersLeft.load(ordering: .sequentiallyConsistent) == 0
          if var churn = drops.pop() {
            churn.record.waitForNextCall()
            // The queue entry is the token's only strong reference.
            churn.record.end(.dropped) { churn.token = nil }
            continue
          }
          if var churn = bagged.pop() {
            churn.token!.store(in: &bag)
            inBag.append(churn.record)
            churn.token = nil
            if inBag.count >= 1 + random.below(6) { emptyBag() }
            continue
          }
          if settersDone { break }
          sched_yield()
        }
        emptyBag()
      default:
        var random = ReliabilityRandom(seed: 6)
        ender(rawEndings) { churn in
          if random.chance(50) {
            do throws(KeyValueObservingError) {
              try churn.record.end(.removed) { () throws(KeyValueObservingError) in
                try churn.island.removeObserver(churn.observer!, from: churn.watch, context: ReliabilityContexts.second)
              }
            } catch {
              problems.withLock { $0.append("\(churn.record.channel.name): removeObserver threw \(error)") }
            }
          } else {
            // Released while registered: its deinit records the bounds.
            churn.observer!.willRelease()
          }
          // The queue entry was the observer's only strong reference.
          churn.observer = nil
        }
      }
    }
    try #require(finished, "the threads did not finish within the timeout: a deadlock")

    // Every churn observation: within its bounds, and no call after its end.
    let allRecords = records.withLock { $0 }
    let churnProblems = problems.withLock { $0 } + allRecords.compactMap(\.problem)
    #expect(churnProblems.isEmpty, "\(churnProblems.count) problems, such as \(churnProblems.prefix(5))")
    #expect(allRecords.count > Self.setterIterations * 3 * Self.churnPercent / 200)
    // The storm made calls to churn observations, not only to the stable ones.
    #expect(allRecords.reduce(0) { $0 + $1.calls } > 0)

    // Every stable observation saw every change of its channel exactly once, in order.
    for (_, counter, channel) in stableTokens {
      #expect(counter.calls == channel.finished, "a stable token of \(channel.name): \(counter.summary)")
      #expect(counter.outOfOrderCalls == 0, "a stable token of \(channel.name)")
    }
    for (counter, channel) in stableBagCounters {
      #expect(counter.calls == channel.finished, "a stable bag token of \(channel.name): \(counter.summary)")
    }
    for (observer, island, watch) in stableObservers {
      let channel = island.channels[watch]
      #expect(
        observer.counter.calls == channel.finished,
        "a stable raw observer of \(channel.name): \(observer.counter.summary)"
      )
      #expect(observer.counter.outOfOrderCalls == 0, "a stable raw observer of \(channel.name)")
    }
    for island in islands {
      for channel in island.channels {
        #expect(channel.begun == channel.finished)
        #expect(channel.finished > 0, "no change reached \(channel.name)")
      }
    }

    // Ended, the stable observations get nothing more.
    for (token, counter, _) in stableTokens { counter.end { token.invalidate() } }
    stableBag.removeAll()
    for (counter, _) in stableBagCounters { counter.end {} }
    for (observer, island, watch) in stableObservers {
      try observer.counter.end { () throws(KeyValueObservingError) in
        try island.removeObserver(observer, from: watch, context: ReliabilityContexts.first)
      }
    }
    let callsBefore = stableTokens.map(\.counter.calls) + stableObservers.map(\.observer.counter.calls)
    for island in islands {
      island.withLock { for choice in 0..<(island.documents.count * 2 + 1) { island.change(choice) } }
    }
    #expect(stableTokens.map(\.counter.calls) + stableObservers.map(\.observer.counter.calls) == callsBefore)
    #expect(stableTokens.allSatisfy { $0.counter.lateCalls == 0 && !$0.token.isValid })

    // Nothing of the churn is left: tokens, observers and what the handlers captured.
    #expect(weakTokens.withLock { $0.allSatisfy { $0.object == nil } }, "churn tokens still alive")
    #expect(weakObservers.withLock { $0.allSatisfy { $0.object == nil } }, "churn observers still alive")
    #expect(weakProbes.withLock { $0.allSatisfy { $0.object == nil } }, "churn handlers still alive")
  }

  static let releaseRounds = 300
  static let setsPerRound = 40

  @Test(
    """
    The subject's last reference released on one thread, once its owner is done setting, while other \
    threads invalidate its tokens: exact counts, no late call, no crash, everything freed
    """
  )
  func subjectReleasedWhileTokensAreInvalidated() async throws {
    var problems: [String] = []
    for round in 0..<Self.releaseRounds {
      problems += try await releaseRound(seed: UInt64(round))
      if problems.count >= 5 { break }
    }
    #expect(problems.isEmpty, "\(problems.count) problems, such as \(problems.prefix(5))")
  }

  /// The objects of one round, held only here until the releasing thread lets them go.
  private struct ReleaseObjects: Sendable {
    let document: ReliabilityStressDocument
    let cell: ReliabilityStressCell
  }

  /// What a round observes on its document, and how.
  private struct ReleaseObservation: Sendable {
    let token: ObservationToken
    let record: ReliabilityChurnRecord
  }

  private func observe(
    _ objects: ReleaseObjects,
    shape: Int,
    channel: ReliabilityChannel,
    probes: inout [WeakBox<ReliabilityStressProbe>]
  ) -> ReleaseObservation {
    let record = ReliabilityChurnRecord(channel: channel, label: " shape \(shape % 4)")
    let probe = ReliabilityStressProbe()
    probes.append(WeakBox(probe))
    let handler: @Sendable (Any?) -> Void = { new in
      record.handlerCalled(new: new)
      if record.calls.isMultiple(of: 4) { sched_yield() }
      withExtendedLifetime(probe) {}
    }
    let token =
      switch shape % 4 {
      case 0: objects.document.observe(\.value) { _, change in handler(change.newValue) }
      case 1: objects.document.observe(\.derived) { _, change in handler(change.newValue) }
      case 2: objects.cell.observe(\.document?.value) { _, change in handler(change.newValue as Any?) }
      default:
        objects.document.observe(\.value) { _, change, token in
          handler(change.newValue)
          _ = token.isValid
        }
      }
    return ReleaseObservation(token: token, record: record)
  }

  /// One round: the owner sets the value; one thread invalidates tokens (and removes a raw
  /// observer) while it does; once it is done, one thread invalidates the other tokens and
  /// empties a bag while another releases the subject. Returns what went wrong.
  private func releaseRound(seed: UInt64) async throws -> [String] {
    let channel = ReliabilityChannel("round \(seed)")
    var probes: [WeakBox<ReliabilityStressProbe>] = []
    let owned: LockedValue<ReleaseObjects?>
    let weakDocument: WeakBox<ReliabilityStressDocument>
    let weakCell: WeakBox<ReliabilityStressCell>
    let early: [ReleaseObservation]
    let late: [ReleaseObservation]
    var bag = ObservationBag()
    let bagged: [ReliabilityChurnRecord]
    let removedObserver = ReliabilityStableObserver()
    let keptObserver = ReliabilityStableObserver()
    do {
      let document = ReliabilityStressDocument()
      let objects = ReleaseObjects(document: document, cell: ReliabilityStressCell(document: document))
      weakDocument = WeakBox(objects.document)
      weakCell = WeakBox(objects.cell)
      // Registered before any thread starts, so no lock is needed.
      early = (0..<4).map { observe(objects, shape: $0, channel: channel, probes: &probes) }
      late = (0..<4).map { observe(objects, shape: $0, channel: channel, probes: &probes) }
      bagged = (0..<4).map { shape in
        let observation = observe(objects, shape: shape, channel: channel, probes: &probes)
        observation.token.store(in: &bag)
        return observation.record
      }
      objects.document.addObserver(removedObserver, forKeyPath: \.value, options: [.old, .new])
      objects.cell.addObserver(keptObserver, forKeyPath: \.document?.value, options: [.old, .new])
      owned = LockedValue(objects)
    }
    let ownerIsDone = LockedValue(false)
    let handedBag = LockedValue<ObservationBag?>(bag)
    bag = ObservationBag()
    let removalError = LockedValue<KeyValueObservingError?>(nil)
    let removalBounds = LockedValue<ClosedRange<Int>?>(nil)
    let waitForOwner: @Sendable () -> Void = {
      while !ownerIsDone.withLock({ $0 }) { sched_yield() }
    }

    let finished = await runOnThreads(4) { thread in
      var random = ReliabilityRandom(seed: seed &* 4 &+ UInt64(thread))
      switch thread {
      case 0:
        do {
          let document = owned.withLock { $0!.document }
          for value in 1...Self.setsPerRound {
            channel.begin()
            document.value = value
            channel.finish()
            if random.chance(30) { sched_yield() }
          }
        }
        ownerIsDone.withLock { $0 = true }
      case 1:
        for observation in early {
          for _ in 0..<random.below(20) { sched_yield() }
          observation.record.end(.invalidated) { observation.token.invalidate() }
        }
        // Removes a raw observer while the owner sets, if the subject still exists.
        let finishedBefore = channel.finished
        do throws(KeyValueObservingError) {
          try removedObserver.counter.end { () throws(KeyValueObservingError) in
            try owned.withLock { $0?.document }?.removeObserver(removedObserver, forKeyPath: \.value)
          }
        } catch {
          removalError.withLock { $0 = error }
        }
        removalBounds.withLock { $0 = finishedBefore...channel.begun }
      case 2:
        waitForOwner()
        for observation in late {
          observation.record.end(.invalidated) { observation.token.invalidate() }
          if random.chance(50) { sched_yield() }
        }
        var bag = handedBag.withLock { $0.take() }!
        let before = bagged.map { $0.willEnd() }
        bag.removeAll()
        for (record, finishedBefore) in zip(bagged, before) {
          record.didEnd(.emptiedBag, finishedBefore: finishedBefore)
        }
      default:
        waitForOwner()
        for _ in 0..<random.below(4) { sched_yield() }
        // The last reference to the cell, which holds the last one to the document.
        owned.withLock { $0 = nil }
      }
    }
    try #require(finished, "round \(seed): the threads did not finish within the timeout: a deadlock")

    var problems = (early + late).compactMap(\.record.problem) + bagged.compactMap(\.problem)
    if let error = removalError.withLock({ $0 }) {
      problems.append("round \(seed): removeObserver threw \(error)")
    }
    let removedCalls = removedObserver.counter.calls
    if let bounds = removalBounds.withLock({ $0 }), !bounds.contains(removedCalls) {
      problems.append("round \(seed): the removed raw observer got \(removedCalls) calls, not in \(bounds)")
    }
    if removedObserver.counter.lateCalls != 0 || removedObserver.counter.outOfOrderCalls != 0 {
      problems.append("round \(seed): the removed raw observer was called after its removal, or out of order")
    }
    // The records of observations ended after the owner was done demand every set.
    for record in late.map(\.record) + bagged where record.calls != Self.setsPerRound {
      problems.append("round \(seed)\(record.label): \(record.calls) calls, not \(Self.setsPerRound)")
    }
    if keptObserver.counter.calls != Self.setsPerRound || keptObserver.counter.outOfOrderCalls != 0 {
      problems.append("round \(seed): the raw chain observer got \(keptObserver.counter.summary)")
    }
    if weakDocument.object != nil || weakCell.object != nil { problems.append("round \(seed): subject not freed") }
    if (early + late).contains(where: \.token.isValid) { problems.append("round \(seed): a token is still valid") }
    if probes.contains(where: { $0.object != nil }) { problems.append("round \(seed): a handler was not freed") }
    return problems
  }
}
