import Dispatch
import Foundation
import ObservationToken
import Synchronization
import Testing

/// The package's own torture: seeded random operations on several threads over every
/// layer, checking the Guarantees article's promises as it runs.
///
/// The seed fixes each thread's sequence of operations and the effects its handlers
/// have; it does not fix how the threads interleave, nor how far each gets in the time
/// given. `OBSERVATIONTOKEN_TORTURE_SEED` and `OBSERVATIONTOKEN_TORTURE_SECONDS` override
/// the seed and the duration (see the README: a longer run before a release).
@Suite("Reliability: torture")
struct TortureTests {
  static let defaultSeed: UInt64 = 0x41B
  static let defaultSeconds = 3.0
  static let threadCount = 4
  static let islandCount = 3

  @Test("Seeded random operations on every layer, on four threads, keep every promise")
  func torture() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["OBSERVATIONTOKEN_TORTURE_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
    let seconds = environment["OBSERVATIONTOKEN_TORTURE_SECONDS"].flatMap { Double($0) } ?? Self.defaultSeconds
    let run = TortureRun(seed: seed, threads: Self.threadCount, islands: Self.islandCount)
    // Off the cooperative pool: the run waits at its end for the tasks it cancelled.
    let stop = await onOwnThread { run.run(for: .milliseconds(Int(seconds * 1_000))) }
    print("Torture seed \(seed), \(seconds) s: " + run.countsSummary)
    if let stop { Issue.record("seed \(seed): \(stop)") }
    try #require(stop == nil)
    let violations = run.counters.allViolations
    #expect(violations.isEmpty, "seed \(seed): \(violations.joined(separator: "\n"))")
    let leaks = run.leaks()
    #expect(leaks.isEmpty, "seed \(seed): still alive after the run: \(leaks)")
  }
}

/// One run of the torture: the world, the threads' operations and the checks.
final class TortureRun: @unchecked Sendable {
  let seed: UInt64
  let threads: Int
  let counters = TortureCounters()
  let log: TortureLog
  let progress = ProgressCounter()
  private(set) var islands: [TortureIsland]
  private let nextID = Atomic(0)
  private let tasks = TortureTaskCount()
  private var weakIslands: [WeakBox<TortureIsland>] = []

  init(seed: UInt64, threads: Int, islands: Int) {
    self.seed = seed
    self.threads = threads
    log = TortureLog(threads: threads)
    let counters = counters
    self.islands = (0..<islands).map { TortureIsland(index: $0, counters: counters) }
    weakIslands = self.islands.map { WeakBox($0) }
  }

  /// Runs the threads until `duration` has passed, then ends everything; what stopped the
  /// run, or `nil` when it finished.
  func run(for duration: Duration) -> String? {
    let clock = ContinuousClock()
    let deadline = clock.now + duration
    let finished = runWatched(threads, progress: progress) { thread in
      var random = ReliabilityRandom(seed: ReliabilityRandom.mix(self.seed &+ UInt64(thread)))
      var local = TortureThreadState()
      while clock.now < deadline {
        self.step(thread: thread, random: &random, local: &local)
        self.progress.step()
      }
      local.targets.removeAll()
      local.tokens.removeAll()
    }
    guard finished else { return "no progress for 60 s, a deadlock; the last operations:\n\(log.tail)" }
    return tearDown() ? nil : "the cancelled tasks did not finish within \(deadlockTimeout)"
  }

  var countsSummary: String {
    let counts = counters.allCounts
    let total = counts.values.reduce(0, +)
    return "\(total) operations: "
      + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  // MARK: Operations

  private enum Operation: CaseIterable {
    case observe, observeDerived, observeChain, observeItems, observeOnQueue, invalidate, set, editItems
    case replaceCellModel, bind, releaseModel, values, cancelTask, subscribe, subscribeOnce
    case subscribeOnQueue, send, removeAll, releaseSender, targetAction, subscribeNode, post, reparent
    case rawAdd, rawRelease
  }

  private static let weights: [(weight: Int, choice: Operation)] = [
    (8, .observe), (3, .observeDerived), (3, .observeChain), (3, .observeItems), (3, .observeOnQueue),
    (10, .invalidate), (14, .set), (6, .editItems), (2, .replaceCellModel), (3, .bind), (1, .releaseModel),
    (2, .values), (2, .cancelTask), (6, .subscribe), (3, .subscribeOnce), (3, .subscribeOnQueue), (10, .send),
    (1, .removeAll), (1, .releaseSender), (3, .targetAction), (3, .subscribeNode), (6, .post), (4, .reparent),
    (3, .rawAdd), (3, .rawRelease),
  ]

  private static let subscribing: Set<Operation> = [
    .observe, .observeDerived, .observeChain, .observeItems, .observeOnQueue, .subscribe, .subscribeOnce,
    .subscribeOnQueue, .subscribeNode,
  ]

  private func step(thread: Int, random: inout ReliabilityRandom, local: inout TortureThreadState) {
    let island = islands[random.below(islands.count)]
    var operation = random.weighted(Self.weights)
    // A bounded world: past a few dozen subscriptions an island sheds one instead, so that
    // a long run keeps the pace of a short one. (Decided by the books, so this choice is
    // the one thing a seed does not fix.)
    if Self.subscribing.contains(operation), island.withLock({ island.subscriptions.count }) > 48 {
      operation = .invalidate
    }
    let effect = random.below(10)
    let choice = random.below(1_000)
    log.record(thread, "\(operation)@\(island.index)")
    counters.count("\(operation)")
    switch operation {
    case .observe: island.withLock { observe(island, model: choice % 2, effect: effect) }
    case .observeDerived: island.withLock { observeDerived(island, model: choice % 2) }
    case .observeChain: island.withLock { observeChain(island) }
    case .observeItems: island.withLock { observeItems(island, model: choice % 2) }
    case .observeOnQueue: island.withLock { observeOnQueue(island, model: choice % 2) }
    case .invalidate: invalidate(island, choice: choice)
    case .set: island.withLock { set(island, model: choice % 2) }
    case .editItems: island.withLock { editItems(island, model: choice % 2, choice: choice) }
    case .replaceCellModel: island.withLock { island.cell.model = choice % 3 == 0 ? nil : island.models[choice % 2] }
    case .bind: island.withLock { bind(island, model: choice % 2) }
    case .releaseModel: island.withLock { releaseModel(island, model: choice % 2) }
    case .values: island.withLock { values(island, model: choice % 2, limit: choice % 5) }
    case .cancelTask:
      let task = island.withLock { island.tasks.isEmpty ? nil : island.tasks.remove(at: choice % island.tasks.count) }
      task?.cancel()
    case .subscribe: island.withLock { subscribe(island, effect: effect) }
    case .subscribeOnce: island.withLock { subscribeOnce(island) }
    case .subscribeOnQueue: island.withLock { subscribeOnQueue(island) }
    case .send: island.withLock { send(island) }
    case .removeAll: island.withLock { removeAll(island) }
    case .releaseSender: island.withLock { releaseSender(island) }
    case .targetAction: targetAction(&local, choice: choice)
    case .subscribeNode: subscribeNode(island, node: choice % 4)
    case .post: post(island)
    case .reparent: reparent(island, choice: choice)
    case .rawAdd:
      island.withLock {
        island.rawObservers.append(TortureRawObserver(observing: island.models[choice % 2], failures: counters))
      }
    case .rawRelease:
      let observer = island.withLock {
        island.rawObservers.isEmpty ? nil : island.rawObservers.remove(at: choice % island.rawObservers.count)
      }
      _ = consume observer
    }
  }

  // MARK: Key-value observation

  /// A synchronous call of `subscription`: checks that it may start and that it comes in
  /// registration order within the change under way on this thread, and counts it.
  private func call(_ subscription: TortureSubscription, counts: Bool = true) {
    if subscription.ended.load(ordering: .sequentiallyConsistent) {
      counters.violation("a \(subscription.kind) handler started after invalidate() returned")
    }
    if let current = TortureThread.current, !TortureThread.reach(change: current, serial: subscription.serial) {
      counters.violation("a \(subscription.kind) handler was called out of registration order")
    }
    if counts { subscription.received += 1 }
  }

  private func observe(_ island: TortureIsland, model index: Int, effect: Int) {
    let model = island.models[index]
    let subscription = island.makeSubscription("observe", counting: model)
    subscription.token = model.observe(\.value) { [unowned self, unowned island] _, _ in
      self.call(subscription)
      TortureThread.nested {
        // Two levels at most: handlers that set or send again would otherwise loop.
        guard TortureThread.depth <= 2 else { return }
        switch effect {
        case 0: self.invalidateFromHandler(island)
        case 1: self.set(island, model: 1 - index)
        case 2: self.observe(island, model: 1 - index, effect: 9)
        default: break
        }
      }
    }
    island.subscriptions.append(subscription)
  }

  private func observeDerived(_ island: TortureIsland, model index: Int) {
    let model = island.models[index]
    let subscription = island.makeSubscription("derived", counting: model)
    subscription.token = model.observe(\.doubled) { [unowned self] _, change in
      self.call(subscription)
      if change.newValue.map({ !$0.isMultiple(of: 2) }) ?? false {
        self.counters.violation("a derived value that is not the key path's")
      }
    }
    island.subscriptions.append(subscription)
  }

  private func observeChain(_ island: TortureIsland) {
    let subscription = island.makeSubscription("chain")
    subscription.token = island.cell.observe(\.model?.value) { [unowned self] _, _ in
      self.call(subscription, counts: false)
    }
    island.subscriptions.append(subscription)
  }

  private func observeItems(_ island: TortureIsland, model index: Int) {
    let model = island.models[index]
    let subscription = island.makeSubscription("items", counting: model)
    subscription.token = model.observe(\.items) { [unowned self] _, change in
      self.call(subscription)
      if let kind = TortureThread.editKind, change.kind != kind {
        self.counters.violation("a collection edit reported as \(change.kind), not \(kind)")
      }
    }
    island.subscriptions.append(subscription)
  }

  private func observeOnQueue(_ island: TortureIsland, model index: Int) {
    let subscription = island.makeSubscription("queue")
    let counters = counters
    subscription.token = island.models[index].observe(\.value, on: island.queue) { _, _ in
      if subscription.ended.load(ordering: .sequentiallyConsistent) {
        counters.violation("a queue handler started after invalidate() returned")
      }
    }
    island.subscriptions.append(subscription)
  }

  /// Ends a subscription from outside any handler: once invalidate() returns, none of its
  /// handlers may start.
  private func invalidate(_ island: TortureIsland, choice: Int) {
    let subscription = island.withLock {
      island.subscriptions.isEmpty ? nil : island.subscriptions.remove(at: choice % island.subscriptions.count)
    }
    guard let subscription else { return }
    subscription.token?.invalidate()
    subscription.ended.store(true, ordering: .sequentiallyConsistent)
    island.withLock { subscription.token = nil }
  }

  /// Ends a subscription from inside a handler: no wait for other threads, so not marked.
  private func invalidateFromHandler(_ island: TortureIsland) {
    guard let subscription = island.subscriptions.popLast() else { return }
    subscription.token?.invalidate()
  }

  /// A set of `value`, a unique number; afterwards every counted subscription listed before
  /// and after it has received exactly the calls the books expect.
  private func set(_ island: TortureIsland, model index: Int) {
    let model = island.models[index]
    let id = ObjectIdentifier(model)
    let change = nextID.add(1, ordering: .relaxed).newValue
    for subscription in island.subscriptions where subscription.counted == id && subscription.kind != "items" {
      subscription.expected += 1
    }
    TortureThread.begin(change)
    model.value = change
    TortureThread.end(change)
    checkCounts(island)
    // A nested set reaches the binding before the rest of the outer one does (depth
    // first), which then leaves the outer value: checked only when nothing was nested.
    guard TortureThread.current == nil else { return island.hadNestedSet = true }
    if island.bindingModel === model, !island.hadNestedSet, island.target.mirror != model.value {
      counters.violation("a binding did not apply the change")
    }
    island.hadNestedSet = false
  }

  /// Once the outermost change on this thread is over (a nested one leaves the rest of the
  /// outer one to come), every counted subscription still listed has received exactly the
  /// calls the books expect: none lost, none made during a change received it.
  private func checkCounts(_ island: TortureIsland) {
    guard TortureThread.current == nil else { return }
    for subscription in island.subscriptions where subscription.expected != subscription.received {
      counters.violation(
        "a valid \(subscription.kind) subscription received \(subscription.received) of \(subscription.expected) calls"
      )
      subscription.expected = subscription.received
    }
  }

  private func editItems(_ island: TortureIsland, model index: Int, choice: Int) {
    let model = island.models[index]
    let id = ObjectIdentifier(model)
    let count = model.items.count
    let kind: KeyValueChange.Kind =
      count == 0 || choice % 3 == 0 ? .insertion : choice % 3 == 1 ? .removal : .replacement
    for subscription in island.subscriptions where subscription.counted == id && subscription.kind == "items" {
      subscription.expected += 1
    }
    let change = nextID.add(1, ordering: .relaxed).newValue
    TortureThread.begin(change, editKind: kind)
    switch kind {
    case .insertion: model.$items.append(change)
    case .removal: _ = model.$items.remove(at: choice % count)
    default: model.$items[choice % count] = change
    }
    TortureThread.end(change)
    checkCounts(island)
  }

  private func bind(_ island: TortureIsland, model index: Int) {
    island.bag.removeAll()
    let model = island.models[index]
    model.bind(\.value, to: island.target, \.mirror).store(in: &island.bag)
    island.bindingModel = model
    if island.target.mirror != model.value { counters.violation("a binding did not apply the current value") }
  }

  /// Replaces a model: the old one is released with its tokens still alive.
  private func releaseModel(_ island: TortureIsland, model index: Int) {
    let old = island.models[index]
    let id = ObjectIdentifier(old)
    island.subscriptions.removeAll { $0.counted == id }
    if island.bindingModel === old { island.bindingModel = nil }
    if island.cell.model === old { island.cell.model = nil }
    island.released.append(WeakBox(old))
    island.models[index] = TortureModel()
  }

  /// A task that consumes a model's values and stops after `limit` of them, or when cancelled.
  private func values(_ island: TortureIsland, model index: Int, limit: Int) {
    let values = island.models[index].values(of: \.value)
    let tasks = tasks
    tasks.started.add(1, ordering: .relaxed)
    island.tasks.append(
      Task.detached {
        var seen = 0
        for await _ in values {
          seen += 1
          if seen > limit { break }
        }
        tasks.finished.add(1, ordering: .relaxed)
      }
    )
  }

  // MARK: Events

  private func subscribe(_ island: TortureIsland, effect: Int) {
    let subscription = island.makeSubscription("event", counting: island.sender)
    let senderID = ObjectIdentifier(island.sender)
    subscription.token = island.sender.event.subscribe { [unowned self, unowned island] _ in
      self.call(subscription)
      TortureThread.nested {
        // Two levels at most: handlers that set or send again would otherwise loop.
        guard TortureThread.depth <= 2 else { return }
        switch effect {
        case 0: self.invalidateFromHandler(island)
        case 1 where ObjectIdentifier(island.sender) == senderID: self.send(island)
        default: break
        }
      }
    }
    island.subscriptions.append(subscription)
  }

  private func subscribeOnce(_ island: TortureIsland) {
    let subscription = island.makeSubscription("once")
    let counters = counters
    subscription.token = island.sender.event.subscribeOnce { _ in
      if subscription.calls.add(1, ordering: .relaxed).newValue > 1 {
        counters.violation("a one-shot handler was called twice")
      }
    }
    island.subscriptions.append(subscription)
  }

  private func subscribeOnQueue(_ island: TortureIsland) {
    let subscription = island.makeSubscription("eventQueue")
    let counters = counters
    subscription.token = island.sender.event.subscribe(on: island.queue) { _ in
      if subscription.ended.load(ordering: .sequentiallyConsistent) {
        counters.violation("a queued event handler started after its subscription ended")
      }
    }
    island.subscriptions.append(subscription)
  }

  /// A send of a unique number; afterwards every counted subscription has what it expects.
  private func send(_ island: TortureIsland) {
    let id = ObjectIdentifier(island.sender)
    for subscription in island.subscriptions where subscription.counted == id { subscription.expected += 1 }
    let change = nextID.add(1, ordering: .relaxed).newValue
    TortureThread.begin(change)
    island.sender.send(change)
    TortureThread.end(change)
    checkCounts(island)
  }

  /// Ends every subscription of the sender: none of their handlers may start afterwards,
  /// queued calls included.
  private func removeAll(_ island: TortureIsland) {
    let ended = island.subscriptions.filter { ["event", "once", "eventQueue"].contains($0.kind) }
    island.subscriptions.removeAll { ["event", "once", "eventQueue"].contains($0.kind) }
    island.sender.removeAllSubscriptions()
    for subscription in ended {
      if subscription.token?.isValid == true { counters.violation("a token valid after removeAllSubscriptions()") }
      if TortureThread.depth == 0 { subscription.ended.store(true, ordering: .sequentiallyConsistent) }
    }
  }

  /// Replaces the sender: the old one is released with its subscriptions' tokens alive.
  private func releaseSender(_ island: TortureIsland) {
    let ended = island.subscriptions.filter { ["event", "once", "eventQueue"].contains($0.kind) }
    island.subscriptions.removeAll { ["event", "once", "eventQueue"].contains($0.kind) }
    island.released.append(WeakBox(island.sender))
    island.sender = TortureIsland.makeSender(counters: counters)
    for subscription in ended {
      if subscription.token?.isValid == true { counters.violation("a token valid after its sender's release") }
      if TortureThread.depth == 0 { subscription.ended.store(true, ordering: .sequentiallyConsistent) }
    }
  }

  /// Target–action on a sender of this thread's own, with targets released mid-use.
  private func targetAction(_ local: inout TortureThreadState, choice: Int) {
    switch choice % 4 {
    case 0:
      let target = TortureActionTarget()
      local.tokens.append(local.sender.event.subscribe(target, TortureActionTarget.handle))
      local.targets.append(target)
    case 1:
      if !local.targets.isEmpty { local.targets.remove(at: choice % local.targets.count) }
    case 2:
      local.sender.send(choice)
    default:
      local.tokens.removeAll { !$0.isValid }
      if local.tokens.count > local.targets.count {
        counters.violation("a target–action token valid after its target's release")
      }
    }
  }

  // MARK: Routing

  private func subscribeNode(_ island: TortureIsland, node index: Int) {
    let subscription = island.withLock { island.makeSubscription("node") }
    let counters = counters
    subscription.token = island.nodes[index].subscribe(to: TorturePost.self) { post in
      if subscription.ended.load(ordering: .sequentiallyConsistent) {
        counters.violation("a node handler started after invalidate() returned")
      }
      if !TortureThread.arrive(post: post.id, node: subscription.serial) {
        counters.violation("a post reached a node's subscription twice")
      }
    }
    island.withLock { island.subscriptions.append(subscription) }
  }

  private func post(_ island: TortureIsland) {
    let id = nextID.add(1, ordering: .relaxed).newValue
    island.nodes[0].post(TorturePost(id: id))
    TortureThread.forget(post: id)
  }

  /// Parent changes while other threads post: the spare node joins and leaves the diamond.
  private func reparent(_ island: TortureIsland, choice: Int) {
    switch choice % 4 {
    case 0: _ = island.nodes[1].addParent(island.spare)
    case 1: _ = island.nodes[1].removeParent(island.spare)
    case 2: _ = island.spare.addParent(island.nodes[3])
    default: _ = island.spare.removeParent(island.nodes[3])
    }
  }

  // MARK: The end

  /// Ends everything, waits for queues and tasks, and releases the world. `false` when the
  /// tasks did not finish.
  private func tearDown() -> Bool {
    for island in islands {
      let (subscriptions, tasks, observers) = island.withLock {
        defer {
          island.subscriptions = []
          island.tasks = []
          island.rawObservers = []
          island.bag.removeAll()
        }
        return (island.subscriptions, island.tasks, island.rawObservers)
      }
      for subscription in subscriptions { subscription.token?.invalidate() }
      for task in tasks { task.cancel() }
      withExtendedLifetime(observers) {}
      island.queue.sync {}
    }
    // Tasks end once cancelled, but they run on the cooperative pool, which other tests
    // may hold for longer than the run's stall watchdog allows (a test joining its own
    // threads blocks a thread of the pool): so this waits as a join does.
    let waited = startThread {
      while self.tasks.finished.load(ordering: .relaxed) < self.tasks.started.load(ordering: .relaxed) {
        usleep(1_000)
      }
    }.join()
    for island in islands {
      island.released.append(contentsOf: island.models.map { WeakBox($0) })
      island.released.append(WeakBox(island.sender))
    }
    return waited
  }

  /// What is still alive once the world is released.
  func leaks() -> [String] {
    let released = islands.flatMap(\.released)
    islands = []
    var alive = released.compactMap(\.object).map { "\(type(of: $0))" }
    alive += weakIslands.compactMap(\.object).map { "island \($0.index)" }
    return alive
  }
}

/// The tasks consuming async sequences: started and finished.
final class TortureTaskCount: Sendable {
  let started = Atomic(0)
  let finished = Atomic(0)
}

/// What one thread keeps for itself: a sender only it uses, target–action targets and tokens.
struct TortureThreadState {
  let sender = EventSender<Int>()
  var targets: [TortureActionTarget] = []
  var tokens: [ObservationToken] = []
}
