import Dispatch
import Foundation
import ObservationToken
import Testing

/// A model as most apps write one: a plain class, not `Sendable`.
final class PlainModel: KeyValueObservable {
  @Observed var title = "Untitled"
}

@Suite("Delivery on a queue for any model")
struct AnyModelDeliveryTests {
  @Test("Any model can be observed on a queue: only the change crosses, in change order, with its own values")
  func changesInOrder() {
    let model = PlainModel()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[String]>([])
    let token = model.observe(\.title, on: queue) { change in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append("\(change.oldValue!)→\(change.newValue!)") }
    }
    for value in 1...50 { model.title = "\(value)" }
    drain(queue)
    #expect(received.withLock { $0 } == ["Untitled→1"] + (2...50).map { "\($0 - 1)→\($0)" })
    token.invalidate()
  }

  @Test("After invalidate() returns, no change queued for a plain model starts")
  func invalidateDropsQueued() {
    let model = PlainModel()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue(0)
    let blocker = DispatchSemaphore(value: 0)
    queue.async { blocker.wait() }
    let token = model.observe(\.title, on: queue) { _ in received.withLock { $0 += 1 } }
    model.title = "Draft"
    token.invalidate()
    blocker.signal()
    drain(queue)
    #expect(received.withLock { $0 } == 0)
  }

  @Test("The .initial and .prior calls of a plain model are queued as for a Sendable one")
  func initialAndPrior() {
    let model = PlainModel()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[String]>([])
    let token = model.observe(\.title, options: [.initial, .prior], on: queue) { change in
      let values = "\(change.oldValue ?? "nil")→\(change.newValue ?? "nil")"
      received.withLock { $0.append(change.isPrior ? "prior \(values)" : values) }
    }
    model.title = "Draft"
    drain(queue)
    #expect(received.withLock { $0 } == ["nil→Untitled", "prior Untitled→nil", "Untitled→Draft"])
    token.invalidate()
  }

  @Test("A plain model's changes reach a main-actor handler in change order")
  @MainActor
  func mainActor() async {
    let model = PlainModel()
    var titles: [String] = []
    let token = model.observe(\.title, on: MainActor.shared) { change in
      MainActor.assertIsolated()
      titles.append(change.newValue ?? "")
    }
    model.title = "Draft"
    model.title = "Final"
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(titles == ["Draft", "Final"])
    token.invalidate()
  }

  @Test("Called from the main actor, the .initial call of a main-actor observation is made before observe returns")
  @MainActor
  func initialInPlaceOnMainActor() async {
    let model = PlainModel()
    var titles: [String] = []
    let token = model.observe(\.title, options: [.initial], on: MainActor.shared) { change in
      titles.append(change.newValue ?? "")
    }
    #expect(titles == ["Untitled"])
    model.title = "Draft"
    #expect(titles == ["Untitled"])  // later changes are queued, behind it
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(titles == ["Untitled", "Draft"])

    let shared = MainActorModel()
    var sharedTitles: [String] = []
    let sharedToken = shared.observe(\.title, options: [.initial], on: MainActor.shared) { _, change in
      sharedTitles.append(change.newValue ?? "")
    }
    #expect(sharedTitles == ["Untitled"])
    withExtendedLifetime((token, sharedToken)) {}
  }

  @Test("Called from another thread, the .initial call of a main-actor observation is queued")
  func initialQueuedOffMainActor() {
    let model = SharedProgress()
    let received = LockedValue<[Int]>([])
    // Hold the main queue, so a queued call cannot run before the check.
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
      held.signal()
      release.wait()
    }
    held.wait()
    let token = model.observe(\.value, options: [.initial], on: MainActor.shared) { change in
      received.withLock { $0.append(change.newValue ?? -1) }
    }
    #expect(received.withLock { $0 }.isEmpty)
    release.signal()
    DispatchQueue.main.sync {}
    #expect(received.withLock { $0 } == [0])
    token.invalidate()
  }
}
