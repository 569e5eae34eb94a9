import Foundation
import ObservationToken
import Testing

@Suite("Event target–action")
struct TargetActionTests {
  @Test("A method taking the parameter receives every value sent")
  func methodWithParameter() {
    let downloader = Downloader()
    let inbox = Inbox()
    downloader.finished.subscribe(inbox, Inbox.downloaded).store(in: &inbox.bag)
    downloader.complete(exampleURL)
    downloader.complete(exampleURL.appendingPathComponent("b"))
    #expect(inbox.downloaded == [exampleURL, exampleURL.appendingPathComponent("b")])
  }

  @Test("A method taking nothing is called once per send")
  func methodWithoutParameter() {
    let downloader = Downloader()
    let inbox = Inbox()
    downloader.finished.subscribe(inbox, Inbox.refresh).store(in: &inbox.bag)
    downloader.complete(exampleURL)
    downloader.complete(exampleURL)
    #expect(inbox.refreshes == 2)
  }

  @Test("A Void event reaches a method taking nothing")
  func voidEventMethod() {
    let sender = EventSender<Void>()
    let counter = Counter()
    sender.event.subscribe(counter, Counter.tick).store(in: &counter.bag)
    sender.send()
    #expect(counter.ticks == 1)
  }

  @Test("The event never keeps the target alive")
  func targetIsHeldWeakly() {
    let sender = EventSender<Int>()
    weak var weakCounter: Counter?
    let token: ObservationToken
    do {
      let counter = Counter()
      weakCounter = counter
      token = sender.event.subscribe(counter, Counter.receive)
    }
    #expect(weakCounter == nil)
    withExtendedLifetime(token) {}
  }

  @Test("Releasing the token ends the subscription while the target lives")
  func tokenReleaseEndsIt() {
    let sender = EventSender<Int>()
    let counter = Counter()
    var token: ObservationToken? = sender.event.subscribe(counter, Counter.receive)
    sender.send(1)
    withExtendedLifetime(token) {}
    token = nil
    sender.send(2)
    #expect(counter.values == [1])
    #expect(!sender.hasSubscribers)
  }

  @Test("A target that owns its token ends the subscription the moment it is released")
  func targetOwningItsTokenEndsItEagerly() {
    let sender = EventSender<Int>()
    var counter: Counter? = Counter()
    weak var weakToken: ObservationToken?
    do {
      let token = sender.event.subscribe(counter!, Counter.receive)
      token.store(in: &counter!.bag)
      weakToken = token
    }
    #expect(weakToken?.isValid == true)
    #expect(sender.hasSubscribers)
    counter = nil
    #expect(weakToken == nil)
    #expect(!sender.hasSubscribers)
  }

  @Test(
    "With the token kept elsewhere, the released target's subscription is invalid at once and ends at the next send")
  func tokenKeptElsewhereEndsAtNextSend() {
    let sender = EventSender<Int>()
    var counter: Counter? = Counter()
    let token = sender.event.subscribe(counter!, Counter.receive)
    counter = nil
    #expect(!token.isValid)
    #expect(sender.hasSubscribers)  // nobody has seen the release yet
    #expect(sender.send(1) == false)
    #expect(!sender.hasSubscribers)
  }

  @Test("Subscribing the same target and method twice makes two subscriptions: it is called twice per send")
  func sameTargetTwice() {
    let sender = EventSender<Int>()
    let counter = Counter()
    sender.event.subscribe(counter, Counter.receive).store(in: &counter.bag)
    sender.event.subscribe(counter, Counter.receive).store(in: &counter.bag)
    sender.send(7)
    #expect(counter.values == [7, 7])
  }
}
