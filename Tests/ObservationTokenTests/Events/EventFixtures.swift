import Foundation
import ObservationToken

/// The contract's downloader: only it sends `finished`.
final class Downloader {
  private let finishedSender = EventSender<URL>(name: "Downloader.finished")
  var finished: Event<URL> { finishedSender.event }
  func complete(_ url: URL) { finishedSender.send(url) }
}

/// A target–action subscriber that counts what it receives and keeps its tokens.
final class Inbox {
  var bag = ObservationBag()
  private(set) var downloaded: [URL] = []
  private(set) var refreshes = 0

  func downloaded(_ url: URL) { downloaded.append(url) }
  func refresh() { refreshes += 1 }
}

/// A target–action subscriber for an `Int` event, and a `Void` one.
final class Counter {
  var bag = ObservationBag()
  private(set) var values: [Int] = []
  private(set) var ticks = 0

  func receive(_ value: Int) { values.append(value) }
  func tick() { ticks += 1 }
}

/// A sender shared between threads, with its first/last transitions recorded.
///
/// `@unchecked Sendable`: the sender is safe from any thread, and every handler the tests
/// subscribe to it is itself thread-safe (it records through ``LockedValue``).
final class SharedTicker: @unchecked Sendable {
  let sender: EventSender<Int>
  var ticked: Event<Int> { sender.event }

  init(name: String? = "Ticker.ticked", onFirst: (() -> Void)? = nil, onLast: (() -> Void)? = nil) {
    sender = EventSender(name: name, onFirstSubscribe: onFirst, onLastUnsubscribe: onLast)
  }
}

/// Records the first- and last-subscriber callbacks in order.
final class TransitionLog: @unchecked Sendable {
  private let entries = LockedValue<[String]>([])

  var onFirst: () -> Void { { [entries] in entries.withLock { $0.append("first") } } }
  var onLast: () -> Void { { [entries] in entries.withLock { $0.append("last") } } }

  var log: [String] { entries.withLock { $0 } }
}

let exampleURL = URL(string: "https://example.com/a.zip")!
