import Synchronization
import Testing

@testable import ObservationToken

/// Tokens sharing one property, or one sender, ended in any order — oldest first as
/// `ObservationBag.removeAll()` and `EventSender.removeAllSubscriptions()` end them,
/// newest first, at random, between new subscriptions, while other threads deliver —
/// leave exactly the others receiving, in subscription order. (That ending costs the same
/// in every order is measured by `Benchmarks/drain.sh`, not tested: no timing in tests.)
@Suite("Ending tokens in any order")
struct EndingOrderTests {
  @Test(
    "Ending one token at a time, in any order, leaves exactly the others receiving, in subscription order",
    arguments: SharedSource.allCases, EndingOrder.allCases)
  func endingOneAtATime(source: SharedSource, order: EndingOrder) {
    let subscribers = NumberedSubscribers(source)
    for _ in 0..<200 { subscribers.add() }
    var random = ReliabilityRandom(seed: 29)
    var steps = 0
    while !subscribers.live.isEmpty && steps < 1_000 {
      steps += 1
      subscribers.step(order, &random)
      let (received, expected) = subscribers.receiving()
      guard received == expected, subscribers.listedCount == expected.count else {
        let difference = zip(received, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        Issue.record(
          "after \(steps) steps \(received.count) subscribers received, \(subscribers.listedCount) listed, \(expected.count) expected; first difference at \(difference ?? min(received.count, expected.count))"
        )
        return
      }
    }
  }

  @Test(
    "Emptying a bag, or removing every subscription, ends exactly those tokens; the ones made after keep receiving in order",
    arguments: SharedSource.allCases)
  func emptyingEndsExactlyThoseTokens(source: SharedSource) {
    let subscribers = NumberedSubscribers(source)
    for _ in 0..<300 { subscribers.add() }
    // The older half, then the newer half, ended in a batch each, with adds between.
    for round in 0..<2 {
      let batch = subscribers.live.prefix(subscribers.live.count / 2 + round).map(\.number)
      subscribers.endAll(batch)
      for _ in 0..<20 { subscribers.add() }
      let (received, expected) = subscribers.receiving()
      #expect(received == expected, "round \(round)")
      #expect(subscribers.listedCount == expected.count, "round \(round)")
    }
    if source == .event {
      source.removeAllSubscriptions(of: subscribers)
      subscribers.live.removeAll()
    } else {
      subscribers.endAll(subscribers.live.map(\.number))
    }
    let (received, expected) = subscribers.receiving()
    #expect(received.isEmpty && expected.isEmpty && subscribers.listedCount == 0)
    subscribers.add()
    subscribers.add()
    let (receivedAfter, expectedAfter) = subscribers.receiving()
    #expect(receivedAfter == expectedAfter && receivedAfter.count == 2)
  }

  @Test(
    "Ending in any order while other threads deliver: no handler starts after its invalidate() returns, each delivery is in subscription order, and the survivors receive",
    arguments: SharedSource.allCases, EndingOrder.allCases)
  func endingWhileDelivering(source: SharedSource, order: EndingOrder) async throws {
    for _ in 0..<10 { try await endWhileDelivering(source: source, order: order) }
  }

  private func endWhileDelivering(source: SharedSource, order: EndingOrder) async throws {
    let subscribers = NumberedSubscribers(source, recordsDeliveries: true)
    for _ in 0..<100 { subscribers.add() }
    let ending = Atomic(true)
    // A property is set from one thread (its storage is not shared); an event is sent from two.
    let deliverers = source == .event ? 2 : 1
    let finished = await runOnThreads(deliverers + 1) { thread in
      if thread < deliverers {
        var delivery = thread
        while ending.load(ordering: .acquiring) {
          source.deliver(delivery, to: subscribers)
          delivery += deliverers
        }
      } else {
        var random = ReliabilityRandom(seed: 29)
        for _ in 0..<400 where !subscribers.live.isEmpty { subscribers.step(order, &random) }
        ending.store(false, ordering: .releasing)
      }
    }
    try #require(finished, "the threads did not finish")
    #expect(subscribers.lateStarts.withLock { $0 }.isEmpty, "handlers started after their invalidate() returned")
    let outOfOrder = subscribers.deliveries.withLock { deliveries in
      deliveries.filter { _, numbers in zip(numbers, numbers.dropFirst()).contains { $0 >= $1 } }.count
    }
    #expect(outOfOrder == 0, "deliveries reached their subscribers out of subscription order")
    let (received, expected) = subscribers.receiving()
    #expect(received == expected)
    #expect(subscribers.listedCount == expected.count)
  }
}

/// Where the tokens are: one `@Observed` property, or one `EventSender`.
enum SharedSource: CaseIterable, CustomTestStringConvertible, Sendable {
  case property, event

  var testDescription: String { self == .property ? "one property" : "one sender" }

  /// Sets the property to `delivery`, or sends it; every handler records it with its number.
  func deliver(_ delivery: Int, to subscribers: NumberedSubscribers) {
    switch self {
    case .property: subscribers.model.value = delivery
    case .event: subscribers.sender.send(delivery)
    }
  }

  /// `EventSender.removeAllSubscriptions()`.
  func removeAllSubscriptions(of subscribers: NumberedSubscribers) {
    subscribers.sender.removeAllSubscriptions()
  }
}

/// The orders tokens are ended in.
enum EndingOrder: CaseIterable, CustomTestStringConvertible, Sendable {
  case oldestFirst, newestFirst, random, interleavedWithAdds

  var testDescription: String {
    switch self {
    case .oldestFirst: "oldest first"
    case .newestFirst: "newest first"
    case .random: "at random"
    case .interleavedWithAdds: "at random, between new subscriptions"
    }
  }
}

/// Numbered tokens on one ``SharedSource``, each handler recording its number: which are
/// live (in subscription order) and which a delivery reached.
///
/// `@unchecked Sendable`: `live` and `next` belong to the one thread that adds and ends;
/// what handlers record is behind locks.
final class NumberedSubscribers: @unchecked Sendable {
  let source: SharedSource
  let model = NumberedModel()
  let sender = EventSender<Int>()
  var live: [(number: Int, token: ObservationToken)] = []
  private var next = 0
  /// What ``receiving()`` delivers: a new negative number each time, so a set always changes.
  private var check = 0
  private let recordsDeliveries: Bool
  /// The numbers the last ``receiving()`` reached, in call order.
  private let received = LockedValue<[Int]>([])
  /// Per delivery (concurrent tests), the numbers it reached, in call order.
  let deliveries = LockedValue<[Int: [Int]]>([:])
  /// Numbers whose handler started after their invalidate() returned.
  let lateStarts = LockedValue<[Int]>([])
  private let ended = LockedValue<Set<Int>>([])

  init(_ source: SharedSource, recordsDeliveries: Bool = false) {
    self.source = source
    self.recordsDeliveries = recordsDeliveries
  }

  /// Subscribes the next number.
  func add() {
    let number = next
    next += 1
    let record: @Sendable (Int) -> Void = { [self] delivery in
      if ended.withLock({ $0.contains(number) }) { lateStarts.withLock { $0.append(number) } }
      if recordsDeliveries, delivery >= 0 {
        deliveries.withLock { $0[delivery, default: []].append(number) }
      } else {
        received.withLock { $0.append(number) }
      }
    }
    let token: ObservationToken
    switch source {
    case .property: token = model.observe(\.value) { _, change in record(change.newValue ?? -1) }
    case .event: token = sender.event.subscribe { delivery in record(delivery) }
    }
    live.append((number, token))
  }

  /// Ends the live token at `index` (in subscription order).
  func end(at index: Int) {
    let (number, token) = live.remove(at: index)
    token.invalidate()
    ended.withLock { _ = $0.insert(number) }
  }

  /// Ends one live token as `order` says — or, between new subscriptions, may add one.
  func step(_ order: EndingOrder, _ random: inout ReliabilityRandom) {
    switch order {
    case .oldestFirst: end(at: 0)
    case .newestFirst: end(at: live.count - 1)
    case .random: end(at: random.below(live.count))
    case .interleavedWithAdds:
      if random.chance(55) { end(at: random.below(live.count)) } else { add() }
    }
  }

  /// Ends the tokens numbered `numbers` through a bag, oldest first.
  func endAll(_ numbers: [Int]) {
    let ending = Set(numbers)
    var bag = ObservationBag()
    for (number, token) in live where ending.contains(number) { token.store(in: &bag) }
    live.removeAll { ending.contains($0.number) }
    bag.removeAll()
    ended.withLock { $0.formUnion(ending) }
  }

  /// How many subscribers the property's or the sender's list counts.
  var listedCount: Int {
    switch source {
    case .property: model.observerCount
    case .event: sender.source.subscribers.count.load(ordering: .relaxed)
    }
  }

  /// Delivers once, on this thread: the numbers reached, in call order, and the live ones.
  func receiving() -> (received: [Int], expected: [Int]) {
    received.withLock { $0.removeAll() }
    check -= 1
    source.deliver(check, to: self)
    return (received.withLock { $0 }, live.map(\.number))
  }
}

/// One observed `Int`.
///
/// `@unchecked Sendable`: set from one thread at a time.
final class NumberedModel: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0

  /// How many observers the property's list counts.
  var observerCount: Int { _value.observers?.source.subscribers.count.load(ordering: .relaxed) ?? 0 }
}
