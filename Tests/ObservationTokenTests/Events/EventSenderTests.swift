import Foundation
import Testing

@testable import ObservationToken

@Suite("EventSender")
struct EventSenderTests {
  @Test("send() returns false when nobody subscribed, true when a handler ran")
  func sendReportsWhetherAnyoneWasCalled() {
    let sender = EventSender<Int>()
    #expect(sender.send(1) == false)
    let token = sender.event.subscribe { _ in }
    #expect(sender.send(2) == true)
    token.invalidate()
    #expect(sender.send(3) == false)
  }

  @Test("A Void event is sent with send() and received by a closure taking nothing")
  func voidEvent() async {
    let sender = EventSender<Void>()
    await confirmation(expectedCount: 2) { received in
      let token = sender.event.subscribe { received() }
      sender.send()
      #expect(sender.send())
      token.invalidate()
    }
  }

  @Test("hasSubscribers follows subscriptions as they start and end")
  func hasSubscribers() {
    let sender = EventSender<Int>()
    #expect(!sender.hasSubscribers)
    var token: ObservationToken? = sender.event.subscribe { _ in }
    #expect(sender.hasSubscribers)
    withExtendedLifetime(token) {}
    token = nil
    #expect(!sender.hasSubscribers)
  }

  @Test("removeAllSubscriptions() ends every subscription and makes every token invalid")
  func removeAllSubscriptions() async {
    let sender = EventSender<Int>()
    let counter = Counter()
    await confirmation(expectedCount: 1) { received in
      let tokens = [
        sender.event.subscribe { _ in received() },
        sender.event.subscribe(counter, Counter.receive),
      ]
      sender.send(1)
      sender.removeAllSubscriptions()
      #expect(tokens.allSatisfy { !$0.isValid })
      #expect(!sender.hasSubscribers)
      #expect(sender.send(2) == false)
    }
    #expect(counter.values == [1])
  }

  @Test("Releasing the sender first is harmless: tokens become invalid, nothing is called")
  func releasingTheSenderFirst() {
    var sender: EventSender<Int>? = EventSender()
    let event = sender!.event
    let token = event.subscribe { _ in Issue.record("called after the sender's release") }
    weak let weakSender = sender
    sender = nil
    #expect(weakSender == nil)
    #expect(!token.isValid)
    let late = event.subscribe { _ in }
    #expect(!late.isValid)
    token.invalidate()
  }

  @Test("Releasing the sender does not call onLastUnsubscribe, and releases the handlers")
  func releasingTheSenderReleasesHandlers() {
    let log = TransitionLog()
    weak var weakProbe: DeliveryProbe?
    var sender: EventSender<Int>? = EventSender(onFirstSubscribe: log.onFirst, onLastUnsubscribe: log.onLast)
    let token: ObservationToken
    do {
      let probe = DeliveryProbe()
      weakProbe = probe
      token = sender!.event.subscribe { _ in withExtendedLifetime(probe) {} }
    }
    #expect(weakProbe != nil)
    sender = nil
    #expect(weakProbe == nil)
    #expect(log.log == ["first"])
    withExtendedLifetime(token) {}
  }

  @Test("Releasing the sender releases its first and last callbacks, and what they hold")
  func releasingTheSenderReleasesCallbacks() {
    weak var weakProbe: DeliveryProbe?
    var sender: EventSender<Int>?
    do {
      let probe = DeliveryProbe()
      weakProbe = probe
      sender = EventSender(onFirstSubscribe: { withExtendedLifetime(probe) {} })
    }
    // A subscription that outlives the sender keeps its source, but not the callbacks.
    let token = sender!.event.subscribe { _ in }
    #expect(weakProbe != nil)
    sender = nil
    #expect(weakProbe == nil)
    withExtendedLifetime(token) {}
  }

  @Test("The sender's name is kept")
  func name() {
    #expect(EventSender<Int>(name: "Downloader.finished").name == "Downloader.finished")
    #expect(EventSender<Int>().name == nil)
  }

  @Test("Subscribing the same closure twice makes two subscriptions: it is called twice per send")
  func sameClosureTwice() {
    let sender = EventSender<Int>()
    var calls = 0
    let handler: (Int) -> Void = { _ in calls += 1 }
    let first = sender.event.subscribe(handler)
    let second = sender.event.subscribe(handler)
    sender.send(1)
    #expect(calls == 2)
    first.invalidate()
    sender.send(2)
    #expect(calls == 3)
    withExtendedLifetime(second) {}
  }

  @Test("A subscription whose token is discarded (_ = event.subscribe { }) ends at once")
  func discardedTokenEndsAtOnce() {
    let sender = EventSender<Int>()
    var calls = 0
    _ = sender.event.subscribe { _ in calls += 1 }
    #expect(!sender.hasSubscribers)
    #expect(!sender.send(1))
    #expect(calls == 0)
  }
}
