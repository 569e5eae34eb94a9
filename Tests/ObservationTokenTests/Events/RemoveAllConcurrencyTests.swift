import Foundation
import ObservationToken
import Synchronization
import Testing

/// `removeAllSubscriptions()`, and the sender's release, while other threads subscribe, send
/// and end subscriptions; the stress test runs in the ThreadSanitizer leg.
@Suite("removeAllSubscriptions() under concurrency")
struct RemoveAllConcurrencyTests {
  private static let threadCount = 4
  private static let iterations = 3_000
  /// How long a step is given before the test calls it stuck: a deadlock detector, never a
  /// measure of speed.
  private static let stuck = DispatchTimeInterval.seconds(120)

  /// How the sender ends every subscription at once.
  enum EndingAll: String, CaseIterable, Sendable {
    case removeAllSubscriptions, senderRelease
  }

  @Test(
    "Once the sender ends every subscription, no queued call starts, of a subscription another thread is ending included",
    arguments: EndingAll.allCases)
  func noQueuedCallAfterEndingAll(_ endingAll: EndingAll) {
    let hookEntered = DispatchSemaphore(value: 0)
    let hookResume = DispatchSemaphore(value: 0)
    // Any slow last-subscriber action holds the ending thread between leaving the list and
    // ending the rest of the subscription.
    var ticker: SharedTicker? = SharedTicker(onLast: {
      hookEntered.signal()
      hookResume.wait()
    })
    let queue = DispatchQueue(label: "RemoveAllConcurrencyTests.queued")
    let endedAll = Atomic<Bool>(false)
    let lateCalls = Atomic<Int>(0)
    let token = ticker!.ticked.subscribe(on: queue) { _ in
      if endedAll.load(ordering: .sequentiallyConsistent) { lateCalls.add(1, ordering: .relaxed) }
    }
    let queueParked = DispatchSemaphore(value: 0)
    let queueResume = DispatchSemaphore(value: 0)
    queue.async {
      queueParked.signal()
      queueResume.wait()
    }
    #expect(queueParked.wait(timeout: .now() + Self.stuck) == .success)
    for value in 0..<3 { ticker!.sender.send(value) }

    let ending = startThread { token.invalidate() }
    #expect(hookEntered.wait(timeout: .now() + Self.stuck) == .success)
    switch endingAll {
    case .removeAllSubscriptions: ticker!.sender.removeAllSubscriptions()
    case .senderRelease: ticker = nil
    }
    endedAll.store(true, ordering: .sequentiallyConsistent)
    queueResume.signal()
    hookResume.signal()
    #expect(ending.join(timeout: Self.stuck))
    queue.sync {}
    #expect(lateCalls.load(ordering: .relaxed) == 0)
    withExtendedLifetime(ticker) {}
  }

  @Test("removeAllSubscriptions() waits for a call under way of a subscription another thread is ending")
  func waitsForACallOfAnEndingSubscription() {
    let hookEntered = DispatchSemaphore(value: 0)
    let hookResume = DispatchSemaphore(value: 0)
    let ticker = SharedTicker(onLast: {
      hookEntered.signal()
      hookResume.wait()
    })
    let inHandler = DispatchSemaphore(value: 0)
    let handlerResume = DispatchSemaphore(value: 0)
    let handlerReturned = Atomic<Bool>(false)
    let token = ticker.ticked.subscribe { _ in
      inHandler.signal()
      handlerResume.wait()
      handlerReturned.store(true, ordering: .sequentiallyConsistent)
    }
    let sending = startThread { ticker.sender.send(1) }
    #expect(inHandler.wait(timeout: .now() + Self.stuck) == .success)
    // Leaves the list, then stays in the last-subscriber action while the call runs.
    let ending = startThread { token.invalidate() }
    #expect(hookEntered.wait(timeout: .now() + Self.stuck) == .success)

    let returned = DispatchSemaphore(value: 0)
    let callHadReturned = Atomic<Bool>(false)
    let removing = startThread {
      ticker.sender.removeAllSubscriptions()
      callHadReturned.store(handlerReturned.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
      returned.signal()
    }
    // Time for removeAllSubscriptions() to return too early, which it must not do; the
    // verdict is read from what it saw, not from how long it took.
    let returnedDuringCall = returned.wait(timeout: .now() + .milliseconds(300)) == .success
    handlerResume.signal()
    if !returnedDuringCall { #expect(returned.wait(timeout: .now() + Self.stuck) == .success) }
    let sawCallReturned = callHadReturned.load(ordering: .sequentiallyConsistent)
    #expect(sawCallReturned, "removeAllSubscriptions() returned during the call")
    hookResume.signal()
    #expect(removing.join(timeout: Self.stuck))
    #expect(ending.join(timeout: Self.stuck))
    #expect(sending.join(timeout: Self.stuck))
  }

  @Test(
    "A subscription that removeAllSubscriptions() did not end receives every send made while it was subscribed")
  func removeAllLosesNoSendOfOthers() async {
    let ticker = SharedTicker()
    let clock = Atomic<Int>(0)
    let sends = LockedValue<[SendRecord]>([])
    let windows = LockedValue<[SubscriptionWindow]>([])

    let finished = await runOnThreads(Self.threadCount) { thread in
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
