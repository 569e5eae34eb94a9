import Foundation
import ObservationToken
import Testing

@Suite("Event values as an async sequence")
struct EventValuesTests {
  @Test("values yields every value sent, in order, none dropped")
  func everyValueInOrder() async {
    let ticker = SharedTicker()
    let values = ticker.ticked.values
    for value in 1...1_000 { ticker.sender.send(value) }
    var received: [Int] = []
    for await value in values {
      received.append(value)
      if received.count == 1_000 { break }
    }
    #expect(received == Array(1...1_000))
  }

  @Test("A buffering policy may keep only the newest values")
  func bufferingNewest() async {
    let ticker = SharedTicker()
    let values = ticker.ticked.values(bufferingPolicy: .bufferingNewest(2))
    for value in 1...10 { ticker.sender.send(value) }
    var iterator = values.makeAsyncIterator()
    let first = await iterator.next()
    let second = await iterator.next()
    #expect([first, second] == [9, 10])
  }

  @Test("Releasing the sender finishes the sequence")
  func senderReleaseFinishes() async {
    var ticker: SharedTicker? = SharedTicker()
    let values = ticker!.ticked.values
    ticker!.sender.send(1)
    ticker = nil
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1])
  }

  @Test("Cancelling the iterating task ends the subscription, and onLastUnsubscribe runs")
  func cancellingEndsSubscription() async {
    let log = TransitionLog()
    let ticker = SharedTicker(onFirst: log.onFirst, onLast: log.onLast)
    let started = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      let values = ticker.ticked.values
      started.continuation.yield()
      for await _ in values {}
    }
    for await _ in started.stream { break }
    #expect(ticker.sender.hasSubscribers)
    task.cancel()
    await task.value
    #expect(!ticker.sender.hasSubscribers)
    #expect(log.log == ["first", "last"])
  }
}
