import Dispatch
import Foundation
import ObservationToken
import Testing

/// What a handler captures is released the moment its observation ends, whatever ends it —
/// not when its token is released: a token held by a long-lived owner must keep nothing
/// alive once it reads invalid.
@Suite("Handlers released when their observation ends")
struct HandlerReleaseTests {
  /// Where a token delivers.
  enum Delivery: String, CaseIterable, Sendable {
    case queue, mainActor
  }

  @Test(
    "A queue or main-actor token lets go of its handler as soon as its subject is released",
    arguments: Delivery.allCases)
  func deliveryReleasesHandlerWithSubject(_ delivery: Delivery) {
    weak var weakCapture: Capture?
    var subject: Document? = Document()
    let token: ObservationToken
    do {
      let capture = Capture()
      weakCapture = capture
      switch delivery {
      case .queue:
        token = subject!.observe(\.title, on: DispatchQueue(label: "HandlerReleaseTests")) { _ in capture.touch() }
      case .mainActor:
        token = subject!.observe(\.title, on: MainActor.shared) { _ in capture.touch() }
      }
    }
    #expect(weakCapture != nil)
    subject = nil
    #expect(!token.isValid)
    #expect(weakCapture == nil, "the token still holds its handler after its subject was released")
    withExtendedLifetime(token) {}
  }

  @Test("A change still queued when the subject is released is dropped")
  func queuedChangeDroppedWithSubject() {
    let queue = DispatchQueue(label: "HandlerReleaseTests.parked")
    let calls = LockedValue(0)
    var subject: Document? = Document()
    let token = subject!.observe(\.title, on: queue) { _ in calls.withLock { $0 += 1 } }
    let parked = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    queue.async {
      parked.signal()
      resume.wait()
    }
    #expect(parked.wait(timeout: .now() + .seconds(120)) == .success)
    subject!.title = "Queued"
    subject = nil
    resume.signal()
    queue.sync {}
    #expect(calls.withLock { $0 } == 0)
    withExtendedLifetime(token) {}
  }

  @Test("An event's queue subscription made after its sender was released lets go of its handler at once")
  func queueSubscriptionToAGoneSender() {
    weak var weakCapture: Capture?
    var sender: EventSender<Int>? = EventSender<Int>()
    let event = sender!.event
    sender = nil
    let token: ObservationToken
    do {
      let capture = Capture()
      weakCapture = capture
      token = event.subscribe(on: DispatchQueue(label: "HandlerReleaseTests")) { _ in capture.touch() }
    }
    #expect(!token.isValid)
    #expect(weakCapture == nil, "the token still holds its handler though its sender is gone")
    withExtendedLifetime(token) {}
  }

  @Test("A binding lets go of its transform as soon as its subject is released")
  func bindingReleasesTransformWithSubject() {
    weak var weakCapture: Capture?
    var subject: Document? = Document()
    let target = Target()
    let token: ObservationToken
    do {
      let capture = Capture()
      weakCapture = capture
      token = subject!.bind(\.title, to: target, \.text) { title in capture.describe(title) }
    }
    #expect(target.text == "Untitled")
    subject = nil
    #expect(!token.isValid)
    #expect(weakCapture == nil, "the binding still holds its transform after its subject was released")
    withExtendedLifetime(token) {}
  }

  @Test("A main-actor binding lets go of its transform as soon as its subject is released")
  @MainActor
  func mainActorBindingReleasesTransformWithSubject() {
    weak var weakCapture: Capture?
    var subject: Document? = Document()
    let target = Target()
    let token: ObservationToken
    do {
      let capture = Capture()
      weakCapture = capture
      token = subject!.bind(\.title, to: target, \.text, on: MainActor.shared) { title in capture.describe(title) }
    }
    #expect(target.text == "Untitled")
    subject = nil
    #expect(!token.isValid)
    #expect(weakCapture == nil, "the binding still holds its transform after its subject was released")
    withExtendedLifetime(token) {}
  }
}

/// Something a handler captures, to see when the handler is released.
private final class Capture: @unchecked Sendable {
  func touch() {}
  func describe(_ title: String) -> String { title }
}

/// A plain class a binding writes to.
private final class Target: @unchecked Sendable {
  var text = ""
}
