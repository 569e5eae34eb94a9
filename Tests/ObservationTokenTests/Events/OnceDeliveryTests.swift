import Dispatch
import ObservationToken
import Testing

/// A target for one-shot target–action subscriptions.
private final class OnceInbox {
  var received: [Int] = []
  func receive(_ value: Int) { received.append(value) }
}

/// `subscribeOnce` on a queue, on the main actor and as target–action: one call, claimed by
/// the first send.
@Suite("One-shot subscriptions delivered elsewhere, and to a target")
struct OnceDeliveryTests {
  @Test("subscribeOnce(on: queue) runs once, on the queue, with the first value; its token is invalid from the send")
  func onceOnQueue() {
    let ticker = SharedTicker()
    let queue = DispatchQueue(label: "once")
    let received = LockedValue<[Int]>([])
    let token = ticker.ticked.subscribeOnce(on: queue) { value in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(value) }
    }
    #expect(ticker.sender.send(1))
    #expect(!token.isValid)
    #expect(!ticker.sender.send(2))
    queue.sync {}
    #expect(received.withLock { $0 } == [1])
  }

  @Test("Of many sends on many threads, one queues the one call")
  func onceOnQueueConcurrently() {
    let ticker = SharedTicker()
    let queue = DispatchQueue(label: "once")
    let received = LockedValue<[Int]>([])
    let token = ticker.ticked.subscribeOnce(on: queue) { value in received.withLock { $0.append(value) } }
    DispatchQueue.concurrentPerform(iterations: 8) { ticker.sender.send($0) }
    queue.sync {}
    #expect(received.withLock { $0 }.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test("A one-shot call queued and not yet started never starts once its token is invalidated")
  func invalidatedBeforeTheQueuedCall() {
    let ticker = SharedTicker()
    let queue = DispatchQueue(label: "once")
    let received = LockedValue<[Int]>([])
    let token = ticker.ticked.subscribeOnce(on: queue) { value in received.withLock { $0.append(value) } }
    let blocker = DispatchSemaphore(value: 0)
    queue.async { blocker.wait() }
    ticker.sender.send(1)
    token.invalidate()
    blocker.signal()
    queue.sync {}
    #expect(received.withLock { $0 }.isEmpty)
  }

  @Test("subscribeOnce(on: MainActor.shared) runs once, on the main actor")
  @MainActor
  func onceOnMainActor() async {
    let ticker = SharedTicker()
    let received = LockedValue<[Int]>([])
    let token = ticker.ticked.subscribeOnce(on: MainActor.shared) { value in
      MainActor.assertIsolated()
      received.withLock { $0.append(value) }
    }
    await Task.detached {
      for value in 1...5 { ticker.sender.send(value) }
    }.value
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(received.withLock { $0 } == [1])
    #expect(!token.isValid)
  }

  @Test("subscribeOnce with a target calls its method once, and holds it weakly")
  func onceTargetAction() {
    let ticker = SharedTicker()
    let inbox = OnceInbox()
    let token = ticker.ticked.subscribeOnce(inbox, OnceInbox.receive)
    ticker.sender.send(1)
    ticker.sender.send(2)
    #expect(inbox.received == [1])
    #expect(!token.isValid)
    #expect(!ticker.sender.hasSubscribers)
    var released: OnceInbox? = OnceInbox()
    weak var weakInbox: OnceInbox?
    weakInbox = released
    let second = ticker.ticked.subscribeOnce(released!, OnceInbox.receive)
    released = nil
    #expect(weakInbox == nil)
    #expect(!second.isValid)
  }
}
