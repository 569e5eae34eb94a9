import Dispatch
import Foundation
import ObservationToken
import Testing

/// A model whose value holds an object, to see when a waiting value is released.
/// `@unchecked Sendable`: the tests set it from one thread at a time.
final class ProbeHolder: KeyValueObservable, @unchecked Sendable {
  @Observed var probe: DeliveryProbe?
}

/// Main-actor targets that log, in one shared list, which of them was written and with what.
@MainActor
final class LoggingLabel {
  let name: String
  let log: WriteLog
  var text: String? {
    didSet { log.entries.append("\(name)=\(text ?? "nil")") }
  }

  init(_ name: String, log: WriteLog) {
    self.name = name
    self.log = log
  }
}

@MainActor
final class WriteLog {
  var entries: [String] = []
}

@Suite("Latest-value delivery on the main actor")
@MainActor
struct LatestValueBindingTests {
  @Test("Changes made while a write waits are written once, with the newest value")
  func newestValueWins() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
    let queue = DispatchQueue(label: "background")
    queue.async {
      for value in 1...200 { model.set("\(value)") }
    }
    drain(queue)  // blocks the main queue: every change waits for the same turn
    await waitForMainQueue()
    #expect(label.writes == ["Untitled", "200"])
    withExtendedLifetime(token) {}
  }

  @Test("Each main-queue turn writes a binding at most once")
  func oneWritePerTurn() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
    let queue = DispatchQueue(label: "background")
    for round in 1...5 {
      queue.async {
        for step in 1...20 { model.set("\(round).\(step)") }
      }
      drain(queue)
      await waitForMainQueue()
      #expect(label.writes.count == 1 + round)
      #expect(label.writes.last == "\(round).20")
    }
    withExtendedLifetime(token) {}
  }

  @Test("Bindings changed together are written in the order each was first changed")
  func orderOfFirstChange() async {
    let log = WriteLog()
    let models = ["a", "b", "c"].map { _ in BackgroundTitle() }
    let labels = ["a", "b", "c"].map { LoggingLabel($0, log: log) }
    var bag = ObservationBag()
    for (model, label) in zip(models, labels) {
      model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest).store(in: &bag)
    }
    log.entries.removeAll()
    models[1].set("b1")
    models[0].set("a1")
    models[2].set("c1")
    models[1].set("b2")
    models[0].set("a2")
    await waitForMainQueue()
    #expect(log.entries == ["b=b2", "a=a2", "c=c1"])
    // The bindings hold their labels weakly: a release build would end the labels early.
    withExtendedLifetime((models, labels, bag)) {}
  }

  @Test("The last value always arrives, and no older value follows a newer one")
  func lastValueArrives() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
    let queue = DispatchQueue(label: "background")
    queue.async {
      for value in 1...5_000 { model.set("\(value)") }
    }
    // Waits for the queue without blocking the main actor, which writes as it goes.
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    await waitForMainQueue()
    let written = label.writes.dropFirst().map { Int($0!)! }
    #expect(written.last == 5_000)
    #expect(zip(written, written.dropFirst()).allSatisfy { $0 < $1 })
    withExtendedLifetime(token) {}
  }

  @Test("No write starts after invalidate() returns, a waiting one included")
  func nothingAfterInvalidate() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
    model.set("Waiting")
    token.invalidate()
    model.set("After")
    await waitForMainQueue()
    #expect(label.writes == ["Untitled"])
    #expect(!token.isValid)
  }

  @Test("A waiting value holds neither the model nor the target")
  func waitingValueHoldsNeitherEnd() async {
    weak var weakModel: BackgroundTitle?
    weak var weakLabel: MainActorLabel?
    let token: ObservationToken
    do {
      let model = BackgroundTitle()
      let label = MainActorLabel()
      weakModel = model
      weakLabel = label
      token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
      model.set("Waiting")
    }
    #expect(weakModel == nil)
    #expect(weakLabel == nil)
    #expect(!token.isValid)
    await waitForMainQueue()
    #expect(!token.isValid)
  }

  @Test("With .everyChange, the binding writes every value in change order")
  func everyChangeWritesEach() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .everyChange)
    for value in 1...5 { model.set("\(value)") }
    await waitForMainQueue()
    #expect(label.writes == ["Untitled", "1", "2", "3", "4", "5"])
    withExtendedLifetime(token) {}
  }

  @Test("A transform runs only for the values written")
  func transformRunsForWrittenValuesOnly() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    var transformed: [String] = []
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest) { title in
      transformed.append(title)
      return title.uppercased()
    }
    for value in ["a", "b", "c"] { model.set(value) }
    await waitForMainQueue()
    #expect(transformed == ["Untitled", "c"])
    #expect(label.writes == ["UNTITLED", "C"])
    withExtendedLifetime(token) {}
  }

  @Test(
    "A value-only main-actor observation with initial: true is called before observe returns, then with the newest value"
  )
  func observeOnMainActorLatest() async {
    let model = SharedProgress()
    var received: [Int] = []
    let token = model.observe(\.value, initial: true, on: MainActor.shared, delivery: .latest) { value in
      received.append(value)
    }
    #expect(received == [0])
    for value in 1...10 { model.set(value) }
    await waitForMainQueue()
    #expect(received == [0, 10])
    withExtendedLifetime(token) {}
  }

  /// Lets the main queue run what was queued on it before this call.
  private func waitForMainQueue() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}

@Suite("Latest-value delivery on a dispatch queue")
struct LatestValueQueueTests {
  @Test("Changes made while the queue is busy reach the handler once, with the newest value")
  func newestValueOnQueue() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[Int]>([])
    let token = model.observe(\.value, on: queue, delivery: .latest) { value in
      dispatchPrecondition(condition: .onQueue(queue))
      received.withLock { $0.append(value) }
    }
    queue.suspend()
    for value in 1...100 { model.set(value) }
    queue.resume()
    drain(queue)
    #expect(received.withLock { $0 } == [100])
    token.invalidate()
  }

  @Test("A collection change is delivered as the whole collection after it")
  func collectionChangeAsWholeValue() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[[Int]]>([])
    let token = model.observe(\.items, on: queue, delivery: .latest) { items in
      received.withLock { $0.append(items) }
    }
    queue.suspend()
    model.setLock.withLock {
      model.$items.append(1)
      model.$items.append(2)
      model.$items[0] = 3
    }
    queue.resume()
    drain(queue)
    #expect(received.withLock { $0 } == [[3, 2]])
    token.invalidate()
  }

  @Test("With .everyChange, each value is delivered in change order, collections whole")
  func everyChangeOnQueue() {
    let model = SharedProgress()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[[Int]]>([])
    let token = model.observe(\.items, initial: true, on: queue, delivery: .everyChange) { items in
      received.withLock { $0.append(items) }
    }
    model.setLock.withLock {
      model.$items.append(1)
      model.$items.append(2)
    }
    drain(queue)
    #expect(received.withLock { $0 } == [[], [1], [1, 2]])
    token.invalidate()
  }

  @Test("A value replaced while it waits is released at once")
  func replacedValueReleased() {
    let model = ProbeHolder()
    let queue = DispatchQueue(label: "delivery")
    let received = LockedValue<[Bool]>([])
    let token = model.observe(\.probe, on: queue, delivery: .latest) { probe in
      received.withLock { $0.append(probe != nil) }
    }
    weak var weakProbe: DeliveryProbe?
    queue.suspend()
    do {
      let probe = DeliveryProbe()
      weakProbe = probe
      model.probe = probe
    }
    #expect(weakProbe != nil)
    model.probe = nil
    #expect(weakProbe == nil)
    queue.resume()
    drain(queue)
    #expect(received.withLock { $0 } == [false])
    token.invalidate()
  }

  @Test("Releasing the subject drops the waiting value and lets go of the handler at once")
  func subjectReleaseDropsWaitingValue() {
    let queue = DispatchQueue(label: "delivery")
    let calls = LockedValue(0)
    weak var weakProbe: DeliveryProbe?
    weak var weakCaptured: DeliveryProbe?
    let token: ObservationToken
    queue.suspend()
    do {
      let model = ProbeHolder()
      let captured = DeliveryProbe()
      weakCaptured = captured
      token = model.observe(\.probe, on: queue, delivery: .latest) { _ in
        withExtendedLifetime(captured) { calls.withLock { $0 += 1 } }
      }
      let probe = DeliveryProbe()
      weakProbe = probe
      model.probe = probe
    }
    #expect(weakProbe == nil)
    #expect(weakCaptured == nil)
    #expect(!token.isValid)
    queue.resume()
    drain(queue)
    #expect(calls.withLock { $0 } == 0)
  }

  @Test("invalidate() lets go of the handler and the waiting call never runs")
  func invalidateReleasesWaitingValue() {
    let model = ProbeHolder()
    let queue = DispatchQueue(label: "delivery")
    let calls = LockedValue(0)
    weak var weakCaptured: DeliveryProbe?
    let token: ObservationToken
    queue.suspend()
    do {
      let captured = DeliveryProbe()
      weakCaptured = captured
      token = model.observe(\.probe, on: queue, delivery: .latest) { _ in
        withExtendedLifetime(captured) { calls.withLock { $0 += 1 } }
      }
      model.probe = DeliveryProbe()
    }
    #expect(weakCaptured != nil)  // the handler holds it while a call waits
    token.invalidate()
    #expect(weakCaptured == nil)
    queue.resume()
    drain(queue)
    #expect(calls.withLock { $0 } == 0)
  }

}
