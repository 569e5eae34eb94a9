import Dispatch
import Testing

@testable import ObservationToken

/// An event subscription's closure, and what it captures, is released when the subscription
/// ends, every way it can end — and by the subscription's own release if it never ended.
@Suite("Event handlers released when their subscription ends")
struct ClosureReleaseTests {
  /// The ways an event subscription ends.
  enum Ending: String, CaseIterable, Sendable {
    case invalidate, tokenRelease, removeAllSubscriptions, senderRelease, oneShotCall, subscribedAfterSenderRelease
  }

  @Test("A closure subscription releases its handler's captures when it ends", arguments: Ending.allCases)
  func closureReleasedOnEnding(_ ending: Ending) {
    weak var weakCapture: Capture?
    var sender: EventSender<Int>? = EventSender<Int>()
    let event = sender!.event
    if ending == .subscribedAfterSenderRelease { sender = nil }
    var token: ObservationToken?
    do {
      let capture = Capture()
      weakCapture = capture
      token =
        ending == .oneShotCall
        ? event.subscribeOnce { _ in capture.touch() }
        : event.subscribe { _ in capture.touch() }
    }
    switch ending {
    case .invalidate: token?.invalidate()
    case .tokenRelease: token = nil
    case .removeAllSubscriptions: sender?.removeAllSubscriptions()
    case .senderRelease: sender = nil
    case .oneShotCall: sender?.send(1)
    case .subscribedAfterSenderRelease: break
    }
    #expect(token?.isValid != true)
    #expect(weakCapture == nil, "the handler outlived its subscription's end")
    withExtendedLifetime(token) {}
    withExtendedLifetime(sender) {}
  }

  @Test("A closure subscription that never ended releases its handler when it is freed")
  func closureReleasedWithoutEnding() {
    weak var weakCapture: Capture?
    let sender = EventSender<Int>()
    do {
      let capture = Capture()
      weakCapture = capture
      let subscription = ClosureSubscription<Int>(
        source: sender.event.source, .closure, file: #fileID, line: #line, handler: { _ in capture.touch() })
      #expect(subscription.isOpen)
    }
    #expect(weakCapture == nil)
  }

  @Test("A handler registration that never ended releases its handler when it is freed")
  func handlerReleasedWithoutEnding() {
    weak var weakHandler: SubscriptionHandler?
    let sender = EventSender<Int>()
    let subject = Capture()
    do {
      let handler = SubscriptionHandler { _, _, _ in false }
      weakHandler = handler
      let registration = HandlerRegistration(
        source: sender.event.source, info: RegistrationInfo(subject: subject, keyPath: \Capture.self, options: []),
        handler: handler)
      #expect(registration.isOpen)
    }
    #expect(weakHandler == nil)
  }
}

/// Something a handler captures, to see when the handler is released.
private final class Capture: @unchecked Sendable {
  func touch() {}
}
