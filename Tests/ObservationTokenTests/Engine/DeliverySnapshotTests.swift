import ObservationToken
import Synchronization
import Testing

/// The observers a change goes to are taken whole, under the list's lock: an observation
/// ended on another thread while a set is under way never shifts the entries that set
/// is calling. (Swift's optimizer once moved the retain of that snapshot past the
/// lock's release, so a removal could shift the array in place beneath the delivery:
/// observations were skipped and the last one called twice.)
@Suite("Delivery snapshot")
struct DeliverySnapshotTests {
  private static let rounds = 1_000
  private static let removedPerRound = 64
  private static let keptPerRound = 4

  @Test("Sets on one thread while another invalidates earlier tokens: each later token sees each set exactly once")
  func setsWhileTokensAreInvalidated() throws {
    var problems: [String] = []
    for round in 0..<Self.rounds {
      let subject = SetOnOneThread()
      // Registered first, so the kept tokens sit after them: a removal shifts the kept ones.
      let removed = (0..<Self.removedPerRound).map { _ in subject.observe(\.value) { _, _ in } }
      let counters = (0..<Self.keptPerRound).map { _ in NotificationCounter() }
      let kept = counters.map { counter in subject.observe(\.value) { _, _ in counter.increment() } }
      let sets = Atomic(0)
      let removing = Atomic(true)
      let finished = runOnThreads(2) { thread in
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
}

/// Set by one thread only; other threads only end its observations, which takes no lock.
private final class SetOnOneThread: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
}
