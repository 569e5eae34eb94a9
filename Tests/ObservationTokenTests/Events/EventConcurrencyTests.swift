import Foundation
import ObservationToken
import Synchronization
import Testing

/// Sends, subscriptions and invalidations from several threads at once; these run in the
/// ThreadSanitizer and AddressSanitizer legs.
@Suite("Event concurrency")
struct EventConcurrencyTests {
  private static let threadCount = 4
  private static let iterations = 2_000

  @Test(
    "Concurrent sends, subscriptions and invalidations lose nothing, and no handler starts after invalidate() returns")
  func sendsWithChurn() async {
    let ticker = SharedTicker()
    let steady = [Tally(), Tally()]
    let steadyTokens = steady.map { tally in ticker.ticked.subscribe { value in tally.add(value) } }
    let lateCalls = Atomic<Int>(0)
    let churnCalls = Atomic<Int>(0)
    let pending = LockedValue<[ChurnSubscription]>([])

    let finished = await runOnThreads(Self.threadCount) { thread in
      for iteration in 0..<Self.iterations {
        // A churn subscription, ended by this thread or another, by invalidate() or release.
        let churn = ChurnSubscription()
        churn.token = ticker.ticked.subscribe { [ended = churn.ended] _ in
          if ended.isSet { lateCalls.add(1, ordering: .relaxed) }
          churnCalls.add(1, ordering: .relaxed)
        }
        pending.withLock { $0.append(churn) }
        #expect(ticker.sender.send(thread * Self.iterations + iteration + 1))
        if let oldest = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
          oldest.end(byRelease: iteration.isMultiple(of: 2))
        }
      }
    }
    #expect(finished)
    for churn in pending.withLock({ $0 }) { churn.end(byRelease: false) }

    let sends = Self.threadCount * Self.iterations
    let total = sends * (sends + 1) / 2
    for tally in steady {
      #expect(tally.calls == sends)
      #expect(tally.sum == total)
    }
    #expect(lateCalls.load(ordering: .relaxed) == 0)
    #expect(churnCalls.load(ordering: .relaxed) >= sends)  // each sees at least its own thread's send
    #expect(ticker.sender.hasSubscribers)
    withExtendedLifetime(steadyTokens) {}
  }

  @Test("Target–action subscriptions whose targets are released on other threads end, and the count returns to zero")
  func targetReleaseChurn() async {
    let log = TransitionLog()
    let ticker = SharedTicker(onFirst: log.onFirst, onLast: log.onLast)
    let finished = await runOnThreads(Self.threadCount) { thread in
      for iteration in 0..<Self.iterations / 4 {
        let target = SharedTarget()
        let token = ticker.ticked.subscribe(target, SharedTarget.receive)
        if iteration.isMultiple(of: 2) { target.keep(token) }
        ticker.sender.send(iteration)
        #expect(target.calls >= 1)
      }
    }
    #expect(finished)
    // Targets that did not own their tokens are gone, and their tokens too: every
    // subscription has ended.
    #expect(!ticker.sender.hasSubscribers)
    let transitions = log.log
    #expect(transitions.count.isMultiple(of: 2))
    #expect(transitions.enumerated().allSatisfy { index, name in name == (index.isMultiple(of: 2) ? "first" : "last") })
  }

  @Test(
    "Concurrent removeAllSubscriptions(), subscriptions and sends are data-race free, call no ended handler, and leave the list empty"
  )
  func removeAllWhileSubscribing() async {
    let ticker = SharedTicker()
    let lateCalls = Atomic<Int>(0)
    let finished = await runOnThreads(Self.threadCount) { thread in
      for iteration in 0..<Self.iterations / 2 {
        if thread == 0 && iteration.isMultiple(of: 8) {
          ticker.sender.removeAllSubscriptions()
          continue
        }
        let churn = ChurnSubscription()
        churn.token = ticker.ticked.subscribe { [ended = churn.ended] _ in
          if ended.isSet { lateCalls.add(1, ordering: .relaxed) }
        }
        ticker.sender.send(iteration)
        churn.end(byRelease: false)
      }
    }
    #expect(finished)
    #expect(lateCalls.load(ordering: .relaxed) == 0)
    #expect(!ticker.sender.hasSubscribers)
  }
}

/// Counts the calls and sums the values a handler receives, from any thread.
private final class Tally: Sendable {
  private let count = Atomic<Int>(0)
  private let total = Atomic<Int>(0)

  func add(_ value: Int) {
    count.add(1, ordering: .relaxed)
    total.add(value, ordering: .relaxed)
  }

  var calls: Int { count.load(ordering: .relaxed) }
  var sum: Int { total.load(ordering: .relaxed) }
}

/// A subscription that marks itself ended once its ending has returned; its handler
/// counts any call that starts after that.
///
/// `@unchecked Sendable`: `token` is set before the object is shared and read only by the
/// one thread that ends it.
private final class ChurnSubscription: @unchecked Sendable {
  var token: ObservationToken?
  let ended = EndedFlag()

  /// Ends the subscription, by `invalidate()` or by releasing the token, then marks it.
  func end(byRelease: Bool) {
    if byRelease { token = nil } else { token?.invalidate() }
    ended.set()
  }
}

/// A target–action subscriber shared between threads, which may own its token.
///
/// `@unchecked Sendable`: the call count is atomic; `bag` is set once, before the target
/// is shared with the sending threads.
private final class SharedTarget: @unchecked Sendable {
  private let count = Atomic<Int>(0)
  private var bag = ObservationBag()

  var calls: Int { count.load(ordering: .relaxed) }
  func receive(_ value: Int) { count.add(1, ordering: .relaxed) }
  func keep(_ token: ObservationToken) { token.store(in: &bag) }
}
