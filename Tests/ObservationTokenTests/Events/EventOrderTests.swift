import Dispatch
import Foundation
import ObservationToken
import Testing

@Suite("Event delivery order")
struct EventOrderTests {
  @Test(
    "Delivery is synchronous on the sending thread, in subscription order, at any number of subscribers",
    arguments: [1, 2, 10, 100, 1_000]
  )
  func synchronousInSubscriptionOrder(subscribers: Int) {
    let sender = EventSender<Int>()
    var received: [Int] = []
    let sendingThread = Thread.current
    let tokens = (0..<subscribers).map { index in
      sender.event.subscribe { value in
        #expect(Thread.current == sendingThread)
        received.append(index * 10 + value)
      }
    }
    sender.send(1)
    #expect(received == (0..<subscribers).map { $0 * 10 + 1 })
    withExtendedLifetime(tokens) {}
  }

  @Test("A subscription made during a send waits for the next send")
  func subscriptionDuringSendWaits() {
    let sender = EventSender<Int>()
    var received: [String] = []
    var late: ObservationToken?
    let first = sender.event.subscribe { value in
      received.append("first \(value)")
      if late == nil { late = sender.event.subscribe { received.append("late \($0)") } }
    }
    sender.send(1)
    sender.send(2)
    #expect(received == ["first 1", "first 2", "late 2"])
    withExtendedLifetime((first, late)) {}
  }

  @Test("A subscription ended during a send is not called for the rest of it")
  func subscriptionEndedDuringSend() {
    let sender = EventSender<Int>()
    var received: [String] = []
    var second: ObservationToken?
    let first = sender.event.subscribe { _ in
      received.append("first")
      second?.invalidate()
    }
    second = sender.event.subscribe { _ in received.append("second") }
    sender.send(1)
    sender.send(2)
    #expect(received == ["first", "first"])
    #expect(second?.isValid == false)
    withExtendedLifetime(first) {}
  }

  @Test("A handler may invalidate its own token")
  func handlerInvalidatesItself() {
    let sender = EventSender<Int>()
    var calls = 0
    var token: ObservationToken?
    token = sender.event.subscribe { _ in
      calls += 1
      token?.invalidate()
    }
    sender.send(1)
    sender.send(2)
    #expect(calls == 1)
  }

  @Test("A nested send is delivered at once, depth-first: every subscriber sees it before the outer send goes on")
  func nestedSendIsDepthFirst() {
    let sender = EventSender<Int>()
    var received: [String] = []
    let tokens = ["a", "b", "c"].map { name in
      sender.event.subscribe { value in
        received.append("\(name)\(value)")
        if name == "a" && value == 1 { sender.send(2) }
      }
    }
    sender.send(1)
    #expect(received == ["a1", "a2", "b2", "c2", "b1", "c1"])
    withExtendedLifetime(tokens) {}
  }

  @Test("A handler may subscribe, send and end other subscriptions without deadlock")
  func reentrancy() {
    let sender = EventSender<Int>()
    let other = EventSender<Int>()
    var received: [String] = []
    var tokens: [ObservationToken] = []
    tokens.append(
      sender.event.subscribe { value in
        tokens.append(other.event.subscribe { received.append("other \($0)") })
        other.send(value)
        tokens.removeLast().invalidate()
        other.send(value + 100)
      }
    )
    sender.send(1)
    #expect(received == ["other 1"])
    #expect(!other.hasSubscribers)
  }

  @Test(
    "A send from inside a handler is delivered at once: a later subscriber sees the reply before the message that caused it ([1, 0, 2])"
  )
  func replyBeforeCause() {
    let sender = EventSender<Int>()
    let reply = sender.event.subscribe { value in if value == 0 { sender.send(1) } }
    var seen: [Int] = []
    let log = sender.event.subscribe { value in seen.append(value) }
    sender.send(0)
    sender.send(2)
    #expect(seen == [1, 0, 2])
    withExtendedLifetime([reply, log]) {}
  }

  @Test("Sent and delivered on one serial queue, a reply keeps send order for a later subscriber ([0, 1, 2])")
  func queueKeepsSendOrderOfReplies() {
    let sender = SendableEventSender<Int>()
    let queue = DispatchQueue(label: "events")
    let seen = LockedValue<[Int]>([])
    let reply = sender.event.subscribe(on: queue) { value in if value == 0 { sender.send(1) } }
    let log = sender.event.subscribe(on: queue) { value in seen.withLock { $0.append(value) } }
    queue.sync { _ = sender.send(0) }  // sent on the queue its subscribers deliver on
    queue.sync { _ = sender.send(2) }
    drain(queue)
    #expect(seen.withLock { $0 } == [0, 1, 2])
    withExtendedLifetime([reply, log]) {}
  }
}
