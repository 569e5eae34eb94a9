import Dispatch
import ObservationToken
import Synchronization
import Testing

/// The download service: an actor owns the sender, any isolation domain subscribes.
actor ProgressService {
  private let progressSender = SendableEventSender<Int>(name: "ProgressService.progress")
  nonisolated var progress: SendableEvent<Int> { progressSender.event }
  func advance(_ value: Int) { progressSender.send(value) }
  func advance(through values: ClosedRange<Int>) { for value in values { advance(value) } }
}

/// A main-actor view, as `UIProgressView` is.
@MainActor final class ProgressView {
  var values: [Int] = []
}

/// Follows a progress event through an async sequence, on its own actor.
actor ProgressLog {
  private(set) var values: [Int] = []
  func follow(_ progress: ObservedValues<Int>, count: Int) async {
    for await value in progress {
      values.append(value)
      if values.count == count { return }
    }
  }
}

@Suite("Events an actor owns")
struct SendableEventTests {
  @Test("An actor owns an event: a main-actor view subscribed on MainActor.shared receives each value in send order")
  @MainActor
  func actorOwnsEvent() async {
    let downloader = ProgressService()
    let progressView = ProgressView()
    let token = downloader.progress.subscribe(on: MainActor.shared) { value in progressView.values.append(value) }
    await downloader.advance(through: 1...5)
    // Everything queued on the main queue before this point runs first.
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(progressView.values == [1, 2, 3, 4, 5])
    token.invalidate()
  }

  @Test("A Sendable handler runs at once on the sending actor, in subscription order")
  func sendableHandlerRunsInSend() async {
    let downloader = ProgressService()
    let received = LockedValue<[String]>([])
    let first = downloader.progress.subscribe { value in received.withLock { $0.append("first \(value)") } }
    let second = downloader.progress.subscribe { value in received.withLock { $0.append("second \(value)") } }
    await downloader.advance(1)
    #expect(received.withLock { $0 } == ["first 1", "second 1"])
    withExtendedLifetime([first, second]) {}
  }

  @Test("A one-shot Sendable handler runs once, with the first value the actor sends")
  func sendableHandlerRunsOnce() async {
    let downloader = ProgressService()
    let received = LockedValue<[Int]>([])
    let once = downloader.progress.subscribeOnce { value in received.withLock { $0.append(value) } }
    await downloader.advance(through: 1...3)
    #expect(received.withLock { $0 } == [1])
    #expect(!once.isValid)
  }

  @Test("Another actor follows an actor's event as an async sequence")
  func anotherActorFollowsValues() async {
    let downloader = ProgressService()
    let log = ProgressLog()
    let values = downloader.progress.values
    async let following: Void = log.follow(values, count: 3)
    await downloader.advance(through: 1...3)
    await following
    #expect(await log.values == [1, 2, 3])
  }

  @Test("A queue handler runs on its queue in send order; none starts after invalidate() returns")
  func queueDelivery() {
    let sender = SendableEventSender<Int>()
    let queue = DispatchQueue(label: "sendable events")
    let received = LockedValue<[Int]>([])
    let blocker = DispatchSemaphore(value: 0)
    let token = sender.event.subscribe(on: queue) { value in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(value) }
    }
    for value in 1...3 { sender.send(value) }
    drain(queue)
    queue.async { blocker.wait() }  // holds the queue while the next send is queued
    sender.send(4)
    token.invalidate()
    blocker.signal()
    drain(queue)
    #expect(received.withLock { $0 } == [1, 2, 3])
  }

  @Test("onFirstSubscribe and onLastUnsubscribe run as the count changes; releasing the sender ends every subscription")
  func firstLastAndRelease() {
    let transitions = LockedValue<[String]>([])
    var sender: SendableEventSender<Void>? = SendableEventSender(
      name: "Ticker.ticked",
      onFirstSubscribe: { transitions.withLock { $0.append("first") } },
      onLastUnsubscribe: { transitions.withLock { $0.append("last") } }
    )
    let calls = Atomic<Int>(0)
    let token = sender!.event.subscribe { _ in calls.add(1, ordering: .relaxed) }
    #expect(sender!.send())
    #expect(sender!.debugDescription.hasPrefix("Ticker.ticked, 1 subscription:\n  closure at "))
    token.invalidate()
    #expect(!sender!.hasSubscribers)
    let kept = sender!.event.subscribe { _ in calls.add(1, ordering: .relaxed) }
    sender = nil
    #expect(!kept.isValid)
    #expect(calls.load(ordering: .relaxed) == 1)
    #expect(transitions.withLock { $0 } == ["first", "last", "first"])
  }

  @Test(
    "Sends from several threads, subscriptions and invalidations lose nothing, and no handler starts after invalidate() returns"
  )
  func concurrentSends() async {
    let sender = SendableEventSender<Int>()
    let steadyCalls = Atomic<Int>(0)
    let steadySum = Atomic<Int>(0)
    let lateCalls = Atomic<Int>(0)
    let steady = sender.event.subscribe { value in
      steadyCalls.add(1, ordering: .relaxed)
      steadySum.add(value, ordering: .relaxed)
    }
    let threads = 4
    let iterations = 1_000
    let finished = await runOnThreads(threads) { thread in
      for iteration in 0..<iterations {
        let ended = Atomic<Bool>(false)
        let churn = sender.event.subscribe { _ in
          if ended.load(ordering: .sequentiallyConsistent) { lateCalls.add(1, ordering: .relaxed) }
        }
        sender.send(thread * iterations + iteration + 1)
        churn.invalidate()
        ended.store(true, ordering: .sequentiallyConsistent)
      }
    }
    #expect(finished)
    let sends = threads * iterations
    #expect(steadyCalls.load(ordering: .relaxed) == sends)
    #expect(steadySum.load(ordering: .relaxed) == sends * (sends + 1) / 2)
    #expect(lateCalls.load(ordering: .relaxed) == 0)
    withExtendedLifetime(steady) {}
  }
}
