import Dispatch
import Foundation
import ObservationToken
import Testing

/// A label as UIKit's: main-actor isolated, its text optional. Records every write, and
/// checks that each is made on the main actor.
@MainActor
final class MainActorLabel {
  var text: String? {
    didSet {
      MainActor.preconditionIsolated()
      writes.append(text)
    }
  }
  var count = 0
  private(set) var writes: [String?] = []
}

/// A model whose title other threads set, each set under its lock (an `@Observed` value is
/// ordinary storage), so it may be `Sendable`.
/// `@unchecked Sendable`: every set in these tests happens under ``setLock``.
final class BackgroundTitle: KeyValueObservable, @unchecked Sendable {
  @Observed var title = "Untitled"
  private let setLock = NSLock()

  /// Sets `title` under the model's lock, from any thread.
  func set(_ newValue: String) {
    setLock.withLock { title = newValue }
  }
}

@Suite("Bindings on the main actor")
@MainActor
struct MainActorBindingTests {
  @Test("Bound from the main actor, the current value is written before bind returns")
  func initialWrittenInPlace() {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared)
    #expect(label.text == "Untitled")
    withExtendedLifetime(token) {}
  }

  @Test("Each change is written on the main actor, in change order, whichever thread makes it")
  func changesFromAnotherThread() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared)
    let queue = DispatchQueue(label: "background")
    queue.async {
      for value in 1...20 { model.set("\(value)") }
    }
    drain(queue)
    await waitForMainQueue()
    #expect(label.writes == ["Untitled"] + (1...20).map { "\($0)" })
    withExtendedLifetime(token) {}
  }

  @Test("A main-actor binding writes a property of the value's own type, and through a transform")
  func sameTypeAndTransform() async {
    let document = Document(title: "Draft", tags: ["a"])
    let controller = MainActorModel()
    let label = MainActorLabel()
    var bag = ObservationBag()
    document.bind(\.title, to: controller, \.title, on: MainActor.shared).store(in: &bag)
    document.bind(\.tags, to: label, \.count, on: MainActor.shared) { $0.count }.store(in: &bag)
    #expect(controller.title == "Draft")
    #expect(label.count == 1)
    document.title = "Final"
    document.$tags.append("b")
    await waitForMainQueue()
    #expect(controller.title == "Final")
    #expect(label.count == 2)
  }

  @Test("An equal value is not written again on the main actor")
  func equalValueNotRewritten() async {
    let document = Document(title: "draft")
    let target = MainActorModel()
    var sets = 0
    let counter = target.observe(\.title) { _, _ in sets += 1 }
    let token = document.bind(\.title, to: target, \.title, on: MainActor.shared) { $0.uppercased() }
    #expect(target.title == "DRAFT")
    #expect(sets == 1)
    document.title = "Draft"
    await waitForMainQueue()
    #expect(sets == 1)
    document.title = "final"
    await waitForMainQueue()
    #expect(target.title == "FINAL")
    #expect(sets == 2)
    withExtendedLifetime((counter, token)) {}
  }

  @Test("The target is held weakly: once it is released the token is invalid and later changes are harmless")
  func targetHeldWeakly() async {
    let model = BackgroundTitle()
    weak var weakLabel: MainActorLabel?
    let token: ObservationToken
    do {
      let label = MainActorLabel()
      weakLabel = label
      token = model.bind(\.title, to: label, \.text, on: MainActor.shared)
      #expect(token.isValid)
    }
    #expect(weakLabel == nil)
    #expect(!token.isValid)
    model.set("Final")
    await waitForMainQueue()
    #expect(!token.isValid)
  }

  @Test("A change queued for the main actor before invalidate() is not written")
  func queuedChangeDropped() async {
    let model = BackgroundTitle()
    let label = MainActorLabel()
    let token = model.bind(\.title, to: label, \.text, on: MainActor.shared)
    model.set("Queued")
    token.invalidate()
    await waitForMainQueue()
    #expect(label.writes == ["Untitled"])
    #expect(!token.isValid)
  }

  /// Lets the main queue run what was queued on it before this call.
  private func waitForMainQueue() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
