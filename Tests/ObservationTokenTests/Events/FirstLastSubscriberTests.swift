import Foundation
import Testing

@testable import ObservationToken

@Suite("Event first and last subscriber callbacks")
struct FirstLastSubscriberTests {
  @Test("onFirstSubscribe runs when the first subscription arrives, onLastUnsubscribe when the last ends")
  func firstAndLast() {
    let log = TransitionLog()
    let sender = EventSender<Int>(onFirstSubscribe: log.onFirst, onLastUnsubscribe: log.onLast)
    let first = sender.event.subscribe { _ in }
    #expect(log.log == ["first"])
    let second = sender.event.subscribe { _ in }
    first.invalidate()
    #expect(log.log == ["first"])
    second.invalidate()
    #expect(log.log == ["first", "last"])
    let third = sender.event.subscribe { _ in }
    #expect(log.log == ["first", "last", "first"])
    withExtendedLifetime(third) {}
  }

  @Test("onLastUnsubscribe runs the moment a target that owns its token is released, with no send")
  func eagerOnTargetRelease() {
    let log = TransitionLog()
    let sender = EventSender<Int>(onFirstSubscribe: log.onFirst, onLastUnsubscribe: log.onLast)
    var counter: Counter? = Counter()
    sender.event.subscribe(counter!, Counter.receive).store(in: &counter!.bag)
    #expect(log.log == ["first"])
    counter = nil
    #expect(log.log == ["first", "last"])
  }

  @Test("onLastUnsubscribe runs when removeAllSubscriptions() ends the last one, and when a values sequence is dropped")
  func lastFromRemoveAllAndDroppedSequence() {
    let log = TransitionLog()
    let sender = EventSender<Int>(onFirstSubscribe: log.onFirst, onLastUnsubscribe: log.onLast)
    let tokens = [sender.event.subscribe { _ in }, sender.event.subscribe { _ in }]
    sender.removeAllSubscriptions()
    #expect(log.log == ["first", "last"])
    do {
      let values = sender.event.values
      #expect(log.log == ["first", "last", "first"])
      withExtendedLifetime(values) {}
    }
    #expect(log.log == ["first", "last", "first", "last"])
    withExtendedLifetime(tokens) {}
  }

  @Test("The callbacks run with no lock of the library held: they may subscribe, send and end subscriptions")
  func callbacksRunWithNoLockHeld() {
    let received = LockedValue<[Int]>([])
    let inner = LockedValue<ObservationToken?>(nil)
    let ticker = SharedTicker()
    let sender = EventSender<Int>(
      onFirstSubscribe: {
        // A lock held here would deadlock these calls on the same sender's list.
        _ = ticker.sender.hasSubscribers
        inner.withLock { $0 = ticker.ticked.subscribe { value in received.withLock { $0.append(value) } } }
        ticker.sender.send(1)
      },
      onLastUnsubscribe: {
        inner.withLock { $0 }?.invalidate()
      }
    )
    let token = sender.event.subscribe { _ in }
    #expect(received.withLock { $0 } == [1])
    token.invalidate()
    #expect(!ticker.sender.hasSubscribers)
  }

  @Test("A callback that subscribes to its own event again causes no second first, and its transition runs after it")
  func callbackResubscribes() {
    let log = TransitionLog()
    let holder = SenderHolder()
    let sender = EventSender<Int>(
      onFirstSubscribe: log.onFirst,
      onLastUnsubscribe: {
        log.onLast()
        // Subscribing from the last callback makes a new first, run after this returns.
        if log.log.count < 4, let sender = holder.sender {
          holder.kept.append(sender.event.subscribe { _ in })
        }
      }
    )
    holder.sender = sender
    sender.event.subscribe { _ in }.invalidate()
    #expect(log.log == ["first", "last", "first"])
    #expect(sender.hasSubscribers)
  }

  @Test("Under concurrent subscribing and unsubscribing, first and last strictly alternate and never overlap")
  func strictAlternationUnderConcurrency() async {
    let events = LockedValue<[String]>([])
    let running = LockedValue(0)
    let overlapped = LockedValue(false)
    func record(_ name: String) {
      let now = running.withLock { count -> Int in
        count += 1
        return count
      }
      if now > 1 { overlapped.withLock { $0 = true } }
      events.withLock { $0.append(name) }
      usleep(10)
      running.withLock { $0 -= 1 }
    }
    let ticker = SharedTicker(onFirst: { record("first") }, onLast: { record("last") })
    let finished = await runOnThreads(4) { _ in
      for _ in 0..<500 {
        let token = ticker.ticked.subscribe { _ in }
        ticker.sender.send(1)
        token.invalidate()
      }
    }
    #expect(finished)
    let log = events.withLock { $0 }
    #expect(!overlapped.withLock { $0 })
    #expect(!log.isEmpty)
    #expect(log.count.isMultiple(of: 2))
    #expect(log.enumerated().allSatisfy { index, name in name == (index.isMultiple(of: 2) ? "first" : "last") })
    #expect(!ticker.sender.hasSubscribers)
  }
}

/// Lets a sender's callback reach the sender, which does not exist yet when they are made.
private final class SenderHolder {
  weak var sender: EventSender<Int>?
  var kept: [ObservationToken] = []
}
