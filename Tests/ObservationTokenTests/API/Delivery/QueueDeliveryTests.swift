import Dispatch
import Foundation
import ObservationToken
import Synchronization
import Testing

@Suite("Delivery on a dispatch queue")
struct QueueDeliveryTests {
  @Test("Every change arrives on the queue, in change order, with its own old and new values")
  func deliversInOrderWithValues() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[String]>([])
    let token = model.observe(\.value, on: queue) { _, change in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append("\(change.oldValue!)→\(change.newValue!)") }
    }
    for value in 1...100 { model.set(value) }
    drain(queue)
    #expect(received.withLock { $0 } == (1...100).map { "\($0 - 1)→\($0)" })
    token.invalidate()
  }

  @Test("Changes made on several threads arrive in the order they were made")
  func ordersChangesFromSeveralThreads() async {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let made = LockedValue<[Int]>([])
    let received = LockedValue<[Int]>([])
    let token = model.observe(\.value, on: queue) { _, change in
      received.withLock { $0.append(change.newValue!) }
    }
    let counter = Atomic<Int>(0)
    #expect(
      await runOnThreads(4) { _ in
        for _ in 0..<200 {
          model.setLock.withLock {
            let value = counter.add(1, ordering: .relaxed).newValue
            made.withLock { $0.append(value) }
            model.value = value
          }
        }
      }
    )
    drain(queue)
    #expect(received.withLock { $0 } == made.withLock { $0 })
    token.invalidate()
  }

  @Test(".prior is queued before its change, with the old value and no new value")
  func priorComesFirstWithOldValue() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[String]>([])
    let token = model.observe(\.value, options: [.prior], on: queue) { _, change in
      let old = change.oldValue.map(String.init) ?? "-"
      let new = change.newValue.map(String.init) ?? "-"
      received.withLock { $0.append("\(change.isPrior) \(old) \(new)") }
    }
    model.set(1)
    model.set(2)
    drain(queue)
    #expect(received.withLock { $0 } == ["true 0 -", "false 0 1", "true 1 -", "false 1 2"])
    token.invalidate()
  }

  @Test(".initial is queued at once with the current value")
  func initialIsQueued() {
    let model = SharedProgress()
    model.set(7)
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[Int?]>([])
    let token = model.observe(\.value, options: [.initial], on: queue) { _, change in
      received.withLock { $0.append(change.newValue) }
    }
    drain(queue)
    #expect(received.withLock { $0 } == [7])
    token.invalidate()
  }

  @Test("A change queued before invalidate() and not yet started is dropped")
  func queuedChangeDroppedAfterInvalidate() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let calls = Atomic<Int>(0)
    let token = model.observe(\.value, on: queue) { _, _ in calls.add(1, ordering: .relaxed) }
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }  // hold the queue so the changes stay queued
    model.set(1)
    model.set(2)
    token.invalidate()
    gate.signal()
    drain(queue)
    let count = calls.load(ordering: .relaxed)
    #expect(count == 0)
    #expect(!token.isValid)
  }

  @Test("invalidate() waits for a call under way on the queue; none starts after it returns")
  func invalidateWaitsForRunningCall() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let started = DispatchSemaphore(value: 0)
    let finished = Atomic<Bool>(false)
    let lateStarts = Atomic<Int>(0)
    let invalidated = Atomic<Bool>(false)
    let token = model.observe(\.value, on: queue) { _, change in
      if invalidated.load(ordering: .sequentiallyConsistent) { lateStarts.add(1, ordering: .relaxed) }
      if change.newValue == 1 {
        started.signal()
        Thread.sleep(forTimeInterval: 0.02)
        finished.store(true, ordering: .sequentiallyConsistent)
      }
    }
    model.set(1)
    started.wait()
    model.set(2)
    token.invalidate()
    invalidated.store(true, ordering: .sequentiallyConsistent)
    let finishedBeforeReturn = finished.load(ordering: .sequentiallyConsistent)
    #expect(finishedBeforeReturn, "invalidate() returned while a call was running")
    drain(queue)
    let late = lateStarts.load(ordering: .relaxed)
    #expect(late == 0)
  }

  @Test("A handler may invalidate its own token on the queue without deadlock")
  func invalidateFromQueuedHandler() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let calls = Atomic<Int>(0)
    let box = LockedValue<ObservationToken?>(nil)
    let token = model.observe(\.value, on: queue) { _, _ in
      calls.add(1, ordering: .relaxed)
      box.withLock { $0 }?.invalidate()
    }
    box.withLock { $0 = token }
    model.set(1)
    model.set(2)
    drain(queue)
    let count = calls.load(ordering: .relaxed)
    #expect(count == 1)
  }

  @Test("Releasing the token releases the handler and what it captured")
  func releaseFreesCaptures() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    weak var weakProbe: DeliveryProbe?
    do {
      let probe = DeliveryProbe()
      weakProbe = probe
      let token = model.observe(\.value, on: queue) { _, _ in _ = probe }
      model.set(1)
      drain(queue)
      withExtendedLifetime(token) {}
    }
    drain(queue)
    #expect(weakProbe == nil)
  }
}
