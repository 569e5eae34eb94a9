import Dispatch
import Foundation
import ObservationToken
import Testing

@Suite("Event descriptions")
struct EventDescriptionTests {
  @Test("debugDescription names the event and each live subscription with its kind and where it was made")
  func listsSubscriptions() {
    let downloader = Downloader()
    let inbox = Inbox()
    let line = #line + 1
    let closure = downloader.finished.subscribe { _ in }
    downloader.finished.subscribe(inbox, Inbox.downloaded).store(in: &inbox.bag)
    let queued = downloader.finished.subscribe(on: DispatchQueue(label: "q")) { _ in }
    let sequence = downloader.finished.values(bufferingPolicy: .unbounded)
    let file = "ObservationTokenTests/EventDescriptionTests.swift"
    #expect(
      downloader.finished.debugDescription == """
        Downloader.finished, 4 subscriptions:
          closure at \(file):\(line)
          target–action on Inbox at \(file):\(line + 1)
          closure on a queue at \(file):\(line + 2)
          async sequence at \(file):\(line + 3)
        """
    )
    closure.invalidate()
    queued.invalidate()
    inbox.bag.removeAll()
    #expect(
      downloader.finished.debugDescription
        == "Downloader.finished, 1 subscription:\n  async sequence at \(file):\(line + 3)")
    withExtendedLifetime(sequence) {}
  }

  @Test("An unnamed event is described by its type; with nobody subscribed it says so")
  func unnamed() {
    let sender = EventSender<Int>()
    #expect(sender.event.debugDescription == "Event<Int>, no subscriptions")
    #expect(sender.debugDescription == sender.event.debugDescription)
  }

  @Test("A token's description names its event, kind and place, and its state")
  func tokenDescription() {
    let downloader = Downloader()
    let line = #line + 1
    let token = downloader.finished.subscribe { _ in }
    let place = "ObservationTokenTests/EventDescriptionTests.swift:\(line)"
    #expect(token.debugDescription == "ObservationToken(Downloader.finished: closure at \(place), valid)")
    token.invalidate()
    #expect(token.debugDescription == "ObservationToken(Downloader.finished: closure at \(place), invalid)")
  }

  @Test("A subscription whose target was released is not listed")
  func releasedTargetNotListed() {
    let sender = EventSender<Int>(name: "ticks")
    var counter: Counter? = Counter()
    let token = sender.event.subscribe(counter!, Counter.receive)
    #expect(sender.event.debugDescription.hasPrefix("ticks, 1 subscription:\n  target–action on Counter at "))
    counter = nil
    #expect(sender.event.debugDescription == "ticks, no subscriptions")
    withExtendedLifetime(token) {}
  }
}
