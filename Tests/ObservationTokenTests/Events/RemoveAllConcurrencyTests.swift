import Foundation
import ObservationToken
import Synchronization
import Testing

/// `removeAllSubscriptions()` on some threads while others subscribe, send and invalidate:
/// these run in the ThreadSanitizer leg.
@Suite("removeAllSubscriptions() under concurrency")
struct RemoveAllConcurrencyTests {
  private static let threadCount = 4
  private static let iterations = 3_000

  @Test(
    "A subscription that removeAllSubscriptions() did not end receives every send made while it was subscribed")
  func removeAllLosesNoSendOfOthers() {
    let ticker = SharedTicker()
    let clock = Atomic<Int>(0)
    let sends = LockedValue<[SendRecord]>([])
    let windows = LockedValue<[SubscriptionWindow]>([])

    let finished = runOnThreads(Self.threadCount) { thread in
      var pending: [(token: ObservationToken, received: LockedValue<Set<Int>>, subscribedAt: Int)] = []
      for iteration in 0..<Self.iterations {
        let received = LockedValue<Set<Int>>([])
        let token = ticker.ticked.subscribe { value in received.withLock { _ = $0.insert(value) } }
        pending.append((token, received, clock.add(1, ordering: .sequentiallyConsistent).newValue))

        let began = clock.add(1, ordering: .sequentiallyConsistent).newValue
        ticker.sender.send(began)
        let ended = clock.add(1, ordering: .sequentiallyConsistent).newValue
        sends.withLock { $0.append(SendRecord(value: began, endedAt: ended)) }

        if iteration % 16 == thread { ticker.sender.removeAllSubscriptions() }

        if pending.count > 3 {
          let oldest = pending.removeFirst()
          // Sends that ended before this moment reached the subscription if it is still
          // valid after it: nothing but its own token ended it.
          let checkedAt = clock.add(1, ordering: .sequentiallyConsistent).newValue
          let wasValid = oldest.token.isValid
          oldest.token.invalidate()
          if wasValid {
            windows.withLock {
              $0.append(
                SubscriptionWindow(
                  subscribedAt: oldest.subscribedAt, checkedAt: checkedAt,
                  received: oldest.received.withLock { $0 }))
            }
          }
        }
      }
      for left in pending { left.token.invalidate() }
    }
    #expect(finished)

    let allSends = sends.withLock { $0 }
    let allWindows = windows.withLock { $0 }
    var missed = 0
    var expected = 0
    for window in allWindows {
      for send in allSends where send.value > window.subscribedAt && send.endedAt < window.checkedAt {
        expected += 1
        if !window.received.contains(send.value) { missed += 1 }
      }
    }
    #expect(missed == 0, "\(missed) of \(expected) sends owed to subscriptions valid throughout never reached them")
    #expect(expected > 0)
  }
}

private struct SendRecord: Sendable {
  /// The clock when the send began, which is also the value sent.
  let value: Int
  let endedAt: Int
}

private struct SubscriptionWindow: Sendable {
  let subscribedAt: Int
  let checkedAt: Int
  let received: Set<Int>
}
