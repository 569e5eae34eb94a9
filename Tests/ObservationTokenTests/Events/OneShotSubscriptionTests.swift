import Foundation
import ObservationToken
import Synchronization
import Testing

@Suite("One-shot event subscriptions")
struct OneShotSubscriptionTests {
  @Test("subscribeOnce calls its handler with the next value sent, and never again")
  func deliveredOnce() {
    let ticker = SharedTicker()
    var received: [Int] = []
    let token = ticker.ticked.subscribeOnce { received.append($0) }
    #expect(ticker.sender.send(1))
    #expect(!ticker.sender.send(2))
    ticker.sender.send(3)
    #expect(received == [1])
    withExtendedLifetime(token) {}
  }

  @Test("A one-shot token is invalid from the moment its call begins, inside the handler already")
  func invalidFromTheCall() {
    let ticker = SharedTicker()
    var validInside: Bool?
    var token: ObservationToken?
    token = ticker.ticked.subscribeOnce { _ in validInside = token?.isValid }
    #expect(token?.isValid == true)
    ticker.sender.send(1)
    #expect(validInside == false)
    #expect(token?.isValid == false)
    #expect(!ticker.sender.hasSubscribers)
  }

  @Test("onLastUnsubscribe runs once, as the one-shot call begins, and not again when the token is released")
  func lastUnsubscribeAtTheCall() {
    let log = LockedValue<[String]>([])
    let ticker = SharedTicker(
      onFirst: { log.withLock { $0.append("first") } },
      onLast: { log.withLock { $0.append("last") } }
    )
    var token: ObservationToken? = ticker.ticked.subscribeOnce { value in
      log.withLock { $0.append("handler \(value)") }
    }
    #expect(log.withLock { $0 } == ["first"])
    ticker.sender.send(1)
    #expect(log.withLock { $0 } == ["first", "last", "handler 1"])
    ticker.sender.send(2)
    token = nil
    #expect(log.withLock { $0 } == ["first", "last", "handler 1"])
    withExtendedLifetime(token) {}
  }

  @Test("A handler that sends the event again is not called again; the other subscribers get both sends, depth-first")
  func reentrantSend() {
    let ticker = SharedTicker()
    var once: [Int] = []
    var everyone: [Int] = []
    let onceToken = ticker.ticked.subscribeOnce { value in
      once.append(value)
      ticker.sender.send(value + 1)
    }
    let everyToken = ticker.ticked.subscribe { everyone.append($0) }
    ticker.sender.send(1)
    #expect(once == [1])
    #expect(everyone == [2, 1])
    withExtendedLifetime((onceToken, everyToken)) {}
  }

  @Test("Invalidating a one-shot token before any send ends it unheard")
  func invalidatedBeforeTheSend() {
    let ticker = SharedTicker()
    var calls = 0
    let token = ticker.ticked.subscribeOnce { _ in calls += 1 }
    token.invalidate()
    #expect(!ticker.sender.send(1))
    #expect(calls == 0)
  }

  @Test("Threads sending at once call a one-shot handler once: one send reaches it, onLastUnsubscribe runs once")
  func concurrentSends() async {
    let subscriptionCount = 200
    let threadCount = 4
    let calls = (0..<subscriptionCount).map { _ in NotificationCounter() }
    let lasts = (0..<subscriptionCount).map { _ in NotificationCounter() }
    let tickers = lasts.map { last in SharedTicker(onLast: last.increment) }
    let tokens = tickers.indices.map { index in
      tickers[index].ticked.subscribeOnce { [call = calls[index]] _ in
        call.increment()
        // Holds the winner here while the other threads reach the same sender: they then
        // send while its call is under way, and move on together once it returns.
        Thread.sleep(forTimeInterval: 0.001)
      }
    }
    let reached = Atomic<Int>(0)
    let finished = await runOnThreads(threadCount) { thread in
      for ticker in tickers where ticker.sender.send(thread) { reached.add(1, ordering: .relaxed) }
    }
    #expect(finished)
    #expect(calls.allSatisfy { $0.count == 1 })
    #expect(lasts.allSatisfy { $0.count == 1 })
    #expect(reached.load(ordering: .relaxed) == subscriptionCount)
    #expect(tokens.allSatisfy { !$0.isValid })
  }

  @Test("debugDescription lists a one-shot subscription until its call")
  func description() {
    let ticker = SharedTicker()
    let token = ticker.ticked.subscribeOnce({ _ in }, file: "App/Splash.swift", line: 7)
    let description = "Ticker.ticked, 1 subscription:\n  one-shot closure at App/Splash.swift:7"
    #expect(ticker.ticked.debugDescription == description)
    ticker.sender.send(1)
    #expect(ticker.ticked.debugDescription == "Ticker.ticked, no subscriptions")
    withExtendedLifetime(token) {}
  }

  @Test("values.first(where:) returns the next value and ends its subscription as it returns")
  func firstOfValues() async {
    let log = TransitionLog()
    let ticker = SharedTicker(onFirst: log.onFirst, onLast: log.onLast)
    let task = Task { await ticker.ticked.values.first { _ in true } }
    while !ticker.sender.hasSubscribers { await Task.yield() }
    ticker.sender.send(1)
    ticker.sender.send(2)
    #expect(await task.value == 1)
    #expect(log.log == ["first", "last"])
    #expect(!ticker.sender.hasSubscribers)
  }
}
