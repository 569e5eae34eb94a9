import Foundation
import ObservationToken
import Testing

/// A send from inside a handler is delivered at once, like a function call: a handler that
/// sends (or posts) what it receives again, without end, stops with a message naming its
/// subscription and the event before the stack overflows. Bounded re-sending is left alone.
@Suite("An event handler that sends its own event without end stops")
struct EventRunawayTests {
  /// The ways a handler calls itself without end through events.
  enum Use: CaseIterable, Sendable, Codable {
    /// A closure that sends the event it receives.
    case closure
    /// Two events whose handlers send each other's.
    case pingPong
    /// A node subscriber that posts the routed event it hears on the node again.
    case routed

    /// The event the message names.
    var event: String {
      switch self {
      case .closure: "Tick"
      case .pingPong: "Ping"
      case .routed: "EventRunawayTests.Echo on Screen"
      }
    }

    /// The line of the Ping handler's subscription in ``perform()``; Pong's is the next.
    static let pingLine = #line + 14

    func perform() {
      switch self {
      case .closure:
        let sender = EventSender<Int>(name: "Tick")
        let token = sender.event.subscribe { value in sender.send(value + 1) }
        sender.send(0)
        withExtendedLifetime(token) {}
      case .pingPong:
        let ping = EventSender<Int>(name: "Ping")
        let pong = EventSender<Int>(name: "Pong")
        let tokens = [
          // At Use.pingLine, and the next line: the lines the stop names.
          ping.event.subscribe { value in pong.send(value) },
          pong.event.subscribe { value in ping.send(value) },
        ]
        ping.send(0)
        withExtendedLifetime(tokens) {}
      case .routed:
        let screen = EventNode(name: "Screen")
        let token = screen.subscribe(to: Echo.self) { echo in screen.post(echo) }
        screen.post(Echo())
        withExtendedLifetime(token) {}
      }
    }
  }

  struct Echo: RoutedEvent {}

  @Test(
    "A handler that sends what it receives again without end stops, naming its subscription and the event",
    arguments: Use.allCases)
  func runawayStops(use: Use) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      use.perform()
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    if use == .pingPong {
      // Two handlers: each is named, where it was made, and neither is said to call itself.
      #expect(message.contains("ObservationToken: 2 handlers keep calling each other, without end"))
      #expect(message.contains("\n  the closure at \(#fileID):\(Use.pingLine) receiving Ping\n"))
      #expect(message.contains("\n  the closure at \(#fileID):\(Use.pingLine + 1) receiving Pong\n"))
      #expect(!message.contains("keeps calling itself"))
    } else {
      #expect(message.contains("ObservationToken: the closure at \(#fileID):"))
      #expect(
        message.contains(" receiving \(use.event) keeps calling itself: each call sends or posts \(use.event) again"))
    }
    #expect(
      message.contains(
        "Send or post again only on a condition that ends, or deliver on a queue (subscribe(on:), subscribe(to:on:))"))
  }

  @Test("The stop comes before the stack overflows on a secondary thread's 512 KiB stack", arguments: Use.allCases)
  func runawayStopsOnSmallStack(use: Use) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      _ = startThread(stackSize: 512 * 1024) { use.perform() }.join()
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains(use == .pingPong ? "receiving Pong\n" : "receiving \(use.event) keeps calling itself"))
  }

  @Test("A handler that sends again a bounded number of times is called each time, depth-first")
  func boundedResendingWorks() {
    let sender = EventSender<Int>(name: "Countdown")
    var received: [Int] = []
    let token = sender.event.subscribe { value in
      received.append(value)
      if value > 0 { sender.send(value - 1) }
    }
    sender.send(12)
    #expect(received == Array((0...12).reversed()))
    withExtendedLifetime(token) {}
  }

  @Test("Subscriptions of different events may nest far deeper than one may re-enter itself")
  func deepNestingOfDifferentSubscriptionsWorks() {
    let depth = 40
    let senders = (0..<depth).map { EventSender<Int>(name: "Level \($0)") }
    var reached = 0
    let tokens = senders.indices.map { index in
      senders[index].event.subscribe { value in
        reached = max(reached, index + 1)
        if index + 1 < depth { senders[index + 1].send(value) }
      }
    }
    senders[0].send(1)
    #expect(reached == depth)
    withExtendedLifetime(tokens) {}
  }
}
