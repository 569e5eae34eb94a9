import Synchronization
import Testing

@testable import ObservationToken

/// A change goes to the observers registered when it began: the list keeps that version
/// of its entries alive and in place until the delivery ends, and changes a copy
/// meanwhile. An observation ended on another thread while a set is under way never
/// shifts the entries that set is calling (Swift's optimizer once moved the retain of an
/// earlier snapshot past the lock's release, so a removal shifted the array beneath the
/// delivery: observations were skipped and the last one called twice), and a version
/// is freed once its last delivery ends.
@Suite("Delivery snapshot")
struct DeliverySnapshotTests {
  private static let rounds = 1_000
  private static let removedPerRound = 64
  private static let keptPerRound = 4

  @Test("Sets on one thread while another invalidates earlier tokens: each later token sees each set exactly once")
  func setsWhileTokensAreInvalidated() async throws {
    var problems: [String] = []
    for round in 0..<Self.rounds {
      let subject = SetOnOneThread()
      // Registered first, so the kept tokens sit after them: a removal shifts the kept ones.
      let removed = (0..<Self.removedPerRound).map { _ in subject.observe(\.value) { _, _ in } }
      let counters = (0..<Self.keptPerRound).map { _ in NotificationCounter() }
      let kept = counters.map { counter in subject.observe(\.value) { _, _ in counter.increment() } }
      let sets = Atomic(0)
      let removing = Atomic(true)
      let finished = await runOnThreads(2) { thread in
        if thread == 0 {
          // Sets until the removals are done, so they overlap all of them.
          while removing.load(ordering: .acquiring) {
            subject.value += 1
            sets.add(1, ordering: .relaxed)
          }
        } else {
          for token in removed { token.invalidate() }
          removing.store(false, ordering: .releasing)
        }
      }
      try #require(finished, "round \(round): the threads did not finish")
      let expected = sets.load(ordering: .relaxed)
      let calls = counters.map(\.count)
      if calls.contains(where: { $0 != expected }) {
        problems.append("round \(round): \(expected) sets, kept tokens called \(calls) times")
      }
      withExtendedLifetime(kept) {}
      if problems.count >= 5 { break }
    }
    #expect(problems.isEmpty, "\(problems.count) rounds went wrong, such as \(problems)")
  }

  @Test("A registration ended during a delivery is freed once that delivery ends")
  func registrationEndedDuringDeliveryIsFreed() {
    let document = Document()
    var doomed: (any ObservationRegistration)?
    let ender = document.registerStarted(
      \.title, options: [],
      handler: ErasedChangeHandler { _, _ in
        doomed?.invalidate()
        doomed = nil
        return true
      })
    doomed = document.registerStarted(\.title, options: [], handler: ErasedChangeHandler { _, _ in true })
    weak let weakDoomed = doomed as AnyObject?
    document.title = "Final"
    #expect(doomed == nil)
    #expect(weakDoomed == nil, "the version the delivery read still holds the ended registration")
    withExtendedLifetime(ender) {}
  }

  @Test("Nested deliveries each reach the version they began with, and every version is freed after them")
  func nestedDeliveriesOfChangedVersions() {
    let document = Document()
    var first: (any ObservationRegistration)?
    var second: (any ObservationRegistration)?
    var secondCalls: [String] = []
    let ender = document.registerStarted(
      \.title, options: [],
      handler: ErasedChangeHandler { subject, _ in
        let title = (subject as! Document).title
        if title == "Outer" {
          // The outer delivery's version is set aside; the nested set reads the next one.
          first?.invalidate()
          first = nil
          (subject as! Document).title = "Inner"
        } else if title == "Inner" {
          // The nested delivery's version is set aside while the nested set reads it.
          second?.invalidate()
          second = nil
        }
        return true
      })
    first = document.registerStarted(\.title, options: [], handler: ErasedChangeHandler { _, _ in true })
    second = document.registerStarted(
      \.title, options: [],
      handler: ErasedChangeHandler { subject, _ in
        secondCalls.append((subject as! Document).title)
        return true
      })
    weak let weakFirst = first as AnyObject?
    weak let weakSecond = second as AnyObject?
    document.title = "Outer"
    #expect(secondCalls.isEmpty, "an observation ended by an earlier handler was still called")
    #expect(weakFirst == nil)
    #expect(weakSecond == nil)
    document.title = "After"
    #expect(secondCalls.isEmpty)
    withExtendedLifetime(ender) {}
  }
}

/// Set by one thread only; other threads only end its observations, which takes no lock.
private final class SetOnOneThread: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
}
