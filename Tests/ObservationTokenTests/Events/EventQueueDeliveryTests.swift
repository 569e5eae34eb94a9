import Dispatch
import Foundation
import ObservationToken
import Testing

@Suite("Event delivery on a queue or the main actor")
struct EventQueueDeliveryTests {
  @Test("Values sent from several threads arrive on the queue in send order")
  func queueKeepsSendOrder() async {
    let ticker = SharedTicker()
    let queue = DispatchQueue(label: "events")
    let sent = LockedValue<[Int]>([])
    let received = LockedValue<[Int]>([])
    let sendLock = NSLock()
    let token = ticker.ticked.subscribe(on: queue) { value in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(value) }
    }
    let finished = await runOnThreads(4) { thread in
      for index in 0..<250 {
        let value = thread * 1_000 + index
        // The order of sends is the order they take this lock.
        sendLock.withLock {
          sent.withLock { $0.append(value) }
          ticker.sender.send(value)
        }
      }
    }
    #expect(finished)
    drain(queue)
    #expect(received.withLock { $0 } == sent.withLock { $0 })
    #expect(received.withLock { $0.count } == 1_000)
    token.invalidate()
  }

  @Test("A send queued before invalidate() and not yet started never runs")
  func queuedSendDroppedByInvalidate() {
    let ticker = SharedTicker()
    let queue = DispatchQueue(label: "events")
    let received = LockedValue<[Int]>([])
    let blocker = DispatchSemaphore(value: 0)
    queue.async { blocker.wait() }  // holds the queue while the sends are queued
    let token = ticker.ticked.subscribe(on: queue) { value in received.withLock { $0.append(value) } }
    #expect(ticker.sender.send(1))
    #expect(ticker.sender.send(2))
    token.invalidate()
    blocker.signal()
    drain(queue)
    #expect(received.withLock { $0 }.isEmpty)
  }

  @Test("removeAllSubscriptions() ends queued calls too, as invalidate() does", arguments: [false, true])
  func removeAllDropsQueuedCalls(releaseSender: Bool) {
    var ticker: SharedTicker? = SharedTicker()
    let queue = DispatchQueue(label: "events")
    let received = LockedValue<[Int]>([])
    let blocker = DispatchSemaphore(value: 0)
    queue.async { blocker.wait() }  // holds the queue while the sends are queued
    let token = ticker!.ticked.subscribe(on: queue) { value in received.withLock { $0.append(value) } }
    ticker!.sender.send(1)
    if releaseSender { ticker = nil } else { ticker!.sender.removeAllSubscriptions() }
    #expect(!token.isValid)
    blocker.signal()
    drain(queue)
    #expect(received.withLock { $0 }.isEmpty)
    withExtendedLifetime(ticker) {}
  }

  @Test("A main-actor handler runs on the main actor, in send order")
  @MainActor
  func mainActorDelivery() async {
    let ticker = SharedTicker()
    let received = LockedValue<[Int]>([])
    let token = ticker.ticked.subscribe(on: MainActor.shared) { value in
      MainActor.assertIsolated()
      received.withLock { $0.append(value) }
    }
    await Task.detached {
      for value in 1...20 { ticker.sender.send(value) }
    }.value
    // Everything queued on the main queue before this point runs first.
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(received.withLock { $0 } == Array(1...20))
    token.invalidate()
  }

  @Test("The queue handler is released when its token is")
  func queueHandlerReleased() {
    let ticker = SharedTicker()
    weak var weakProbe: DeliveryProbe?
    var token: ObservationToken?
    do {
      let probe = DeliveryProbe()
      weakProbe = probe
      token = ticker.ticked.subscribe(on: DispatchQueue(label: "events")) { _ in withExtendedLifetime(probe) {} }
    }
    #expect(weakProbe != nil)
    #expect(token?.isValid == true)
    token = nil
    #expect(weakProbe == nil)
    #expect(!ticker.sender.hasSubscribers)
  }
}
