import Dispatch
import Foundation
import ObservationToken
import Synchronization
import Testing

@Suite("Routing delivery on a queue or the main actor")
struct RoutingDeliveryTests {
  @Test("Events posted from several threads reach a queue subscriber on its queue, in post order")
  func queueKeepsPostOrder() async {
    let chain = Chain()
    let queue = DispatchQueue(label: "routing")
    let posted = LockedValue<[Int]>([])
    let received = LockedValue<[Int]>([])
    let postLock = NSLock()
    let token = chain.screen.subscribe(to: RowDeleted.self, on: queue) { event in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(event.row) }
    }
    let finished = await runOnThreads(4) { thread in
      for index in 0..<250 {
        let row = thread * 1_000 + index
        // The order of posts is the order they take this lock.
        postLock.withLock {
          posted.withLock { $0.append(row) }
          chain.cell.post(RowDeleted(row: row))
        }
      }
    }
    #expect(finished)
    drain(queue)
    #expect(received.withLock { $0 } == posted.withLock { $0 })
    #expect(received.withLock { $0.count } == 1_000)
    token.invalidate()
  }

  @Test("A post queued before invalidate() and not yet started never runs")
  func queuedPostDroppedByInvalidate() {
    let chain = Chain()
    let queue = DispatchQueue(label: "routing")
    let received = LockedValue<[Int]>([])
    let blocker = DispatchSemaphore(value: 0)
    queue.async { blocker.wait() }  // holds the queue while the posts are queued
    let token = chain.list.subscribe(to: RowDeleted.self, on: queue) { event in
      received.withLock { $0.append(event.row) }
    }
    #expect(chain.cell.post(RowDeleted(row: 1)))
    #expect(chain.cell.post(RowDeleted(row: 2)))
    token.invalidate()
    blocker.signal()
    drain(queue)
    #expect(received.withLock { $0 }.isEmpty)
  }

  @Test("A main-actor subscriber runs on the main actor, in post order, with what the node's interceptors let through")
  @MainActor
  func mainActorDelivery() async {
    let chain = Chain()
    var bag = ObservationBag()
    var received: [Int] = []
    chain.list.intercept(RowDeleted.self) { $0.row < 0 ? nil : RowDeleted(row: $0.row * 10) }.store(in: &bag)
    chain.list.subscribe(to: RowDeleted.self, on: MainActor.shared) { event in
      MainActor.assertIsolated()
      received.append(event.row)
    }.store(in: &bag)
    await Task.detached {
      for row in [1, -1, 2, 3] { chain.cell.post(RowDeleted(row: row)) }
    }.value
    // Everything queued on the main queue before this point runs first.
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(received == [10, 20, 30])
  }

  @Test("Concurrent posts and invalidations of queue subscriptions: no handler starts after invalidate() returns")
  func concurrentInvalidation() async {
    let chain = Chain()
    let queue = DispatchQueue(label: "routing", attributes: .concurrent)
    let lateCalls = Atomic<Int>(0)
    let finished = await runOnThreads(4) { thread in
      for index in 0..<500 {
        let ended = Atomic<Bool>(false)
        let token = chain.screen.subscribe(to: RowDeleted.self, on: queue) { _ in
          if ended.load(ordering: .sequentiallyConsistent) { lateCalls.add(1, ordering: .relaxed) }
        }
        chain.cell.post(RowDeleted(row: thread * 1_000 + index))
        token.invalidate()
        ended.store(true, ordering: .sequentiallyConsistent)
      }
    }
    #expect(finished)
    queue.sync(flags: .barrier) {}
    #expect(lateCalls.load(ordering: .relaxed) == 0)
  }
}
