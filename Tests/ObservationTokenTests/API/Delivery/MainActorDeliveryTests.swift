import Dispatch
import ObservationToken
import Testing

/// A view controller as Swift 6 code writes one: main-actor isolated, binding its
/// model to its views with no `@unchecked` and no `nonisolated(unsafe)`.
@MainActor
final class DeliveryTitleViewController {
  let model: MainActorModel
  var titleText = ""
  var bag = ObservationBag()

  init(model: MainActorModel) {
    self.model = model
  }

  func bind() {
    model.observe(\.title, options: [.initial], on: MainActor.shared) { [weak self] _, change in
      self?.titleText = change.newValue ?? ""
    }.store(in: &bag)
  }
}

@Suite("Delivery on the main actor")
@MainActor
struct MainActorDeliveryTests {
  @Test("A main-actor handler runs on the main actor, in change order")
  func runsOnMainActor() async {
    let model = MainActorModel()
    var titles: [String] = []
    let token = model.observe(\.title, on: MainActor.shared) { _, change in
      MainActor.preconditionIsolated()
      titles.append(change.newValue!)
    }
    model.title = "A"
    model.title = "B"
    await Task.yield()
    await waitForMainQueue()
    #expect(titles == ["A", "B"])
    token.invalidate()
  }

  @Test("A view controller binds its @MainActor model to its views")
  func viewControllerBinding() async {
    let controller = DeliveryTitleViewController(model: MainActorModel())
    controller.bind()
    await waitForMainQueue()
    #expect(controller.titleText == "Untitled")
    controller.model.title = "Draft"
    await waitForMainQueue()
    #expect(controller.titleText == "Draft")
  }

  @Test("A change queued for the main actor before invalidate() is dropped")
  func queuedChangeDropped() async {
    let model = MainActorModel()
    var calls = 0
    let token = model.observe(\.title, on: MainActor.shared) { _, _ in calls += 1 }
    model.title = "Queued"
    token.invalidate()
    await waitForMainQueue()
    #expect(calls == 0)
  }

  /// Lets the main queue run what was queued on it before this call.
  private func waitForMainQueue() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
