import Foundation
import ObservationToken
import Synchronization
import Testing

/// Posts, requests, registrations and parent changes from several threads at once; these
/// run in the ThreadSanitizer and AddressSanitizer legs.
@Suite("Routing concurrency")
struct RoutingConcurrencyTests {
  private static let threadCount = 4
  private static let iterations = 1_000

  @Test(
    "Concurrent posts, subscriptions and parent changes lose no post, and no handler starts after invalidate() returns")
  func postsWithChurn() async {
    let chain = Chain()
    let received = Atomic<Int>(0)
    let lateCalls = Atomic<Int>(0)
    let steady = chain.screen.subscribe(to: RowDeleted.self) { _ in received.add(1, ordering: .relaxed) }
    let answer = chain.screen.answer(CurrentAccount.self) { _ in "alice" }

    let finished = await runOnThreads(Self.threadCount) { thread in
      for iteration in 0..<Self.iterations {
        // A passing interceptor and a subscription on the list, ended at once by this thread.
        let ended = EndedFlag()
        let interceptor = chain.list.intercept(RowDeleted.self) { $0 }
        let churn = chain.list.subscribe(to: RowDeleted.self) { [ended] _ in
          if ended.isSet { lateCalls.add(1, ordering: .relaxed) }
        }
        // A parent that comes and goes beside the screen.
        let extra = EventNode(name: "Extra \(thread)")
        chain.list.addParent(extra)
        #expect(chain.cell.post(RowDeleted(row: iteration)))
        #expect(chain.cell.request(CurrentAccount()) == "alice")
        if iteration.isMultiple(of: 2) { chain.list.removeParent(extra) }
        churn.invalidate()
        ended.set()
        interceptor.invalidate()
      }
    }
    #expect(finished)
    #expect(received.load(ordering: .relaxed) == Self.threadCount * Self.iterations)
    #expect(lateCalls.load(ordering: .relaxed) == 0)
    #expect(chain.list.parents.map(\.name) == ["Screen"])  // the extras are released
    withExtendedLifetime((steady, answer)) {}
  }
}
