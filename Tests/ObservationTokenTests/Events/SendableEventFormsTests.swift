import Dispatch
import ObservationToken
import Testing

/// A `Sendable` target that keeps what it is sent under its own lock.
private final class ProgressRecord: Sendable {
  let values = LockedValue<[Int]>([])
  func record(_ value: Int) { values.withLock { $0.append(value) } }
}

/// A routed event made from an actor's progress.
private struct ProgressChanged: RoutedEvent {
  var value: Int
}

/// The forms a Swift 6 app reaches for on an actor's event: a `Sendable` target, once on a
/// queue or the main actor, and forwarding into a main-actor chain of owners.
@Suite("SendableEvent target–action, once and forward forms")
struct SendableEventFormsTests {
  @Test("A Sendable target's method receives each value an actor sends, and the target is held weakly")
  func sendableTargetAction() async {
    let service = ProgressService()
    let record = ProgressRecord()
    let token = service.progress.subscribe(record, ProgressRecord.record)
    await service.advance(through: 1...3)
    #expect(record.values.withLock { $0 } == [1, 2, 3])
    var released: ProgressRecord? = ProgressRecord()
    weak var weakRecord: ProgressRecord?
    weakRecord = released
    let second = service.progress.subscribe(released!, ProgressRecord.record)
    released = nil
    #expect(weakRecord == nil)
    #expect(!second.isValid)
    withExtendedLifetime(token) {}
  }

  @Test("subscribeOnce with a Sendable target, and on a queue, each take the first value an actor sends")
  func sendableOnce() async {
    let service = ProgressService()
    let record = ProgressRecord()
    let queue = DispatchQueue(label: "once")
    let queued = LockedValue<[Int]>([])
    let once = service.progress.subscribeOnce(record, ProgressRecord.record)
    let onQueue = service.progress.subscribeOnce(on: queue) { value in queued.withLock { $0.append(value) } }
    await service.advance(through: 1...3)
    queue.sync {}
    #expect(record.values.withLock { $0 } == [1])
    #expect(queued.withLock { $0 } == [1])
    #expect(!once.isValid && !onQueue.isValid)
  }

  @Test("An actor's event forwarded to a main-actor node posts each value there, in send order")
  @MainActor
  func forwardToMainActorNode() async {
    let service = ProgressService()
    let screen = EventNode(name: "Screen")
    var posted: [Int] = []
    let heard = screen.subscribe(to: ProgressChanged.self) { event in
      MainActor.assertIsolated()
      posted.append(event.value)
    }
    let forwarding = service.progress.forward(to: screen, on: MainActor.shared) { value in ProgressChanged(value: value)
    }
    let once = service.progress.subscribeOnce(on: MainActor.shared) { value in posted.append(-value) }
    await service.advance(through: 1...3)
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(posted == [1, -1, 2, 3])
    withExtendedLifetime((heard, forwarding, once)) {}
  }
}
