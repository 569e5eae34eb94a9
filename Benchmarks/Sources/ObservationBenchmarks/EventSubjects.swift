import Foundation
import ObservationToken
import OpenCombine
import Synchronization

/// One subject, as the event cases use it: a sender of `Int` values, and the way the
/// subject subscribes a closure to it and ends the subscription. As with ``IntSubject``,
/// the generic cases are specialized for each adapter, so calls through it cost nothing.
protocol EventSubject {
  associatedtype Sender: AnyObject
  /// What a subscription returns: a token, a cancellable, an observer object, an id.
  associatedtype Handle

  static func makeSender() -> Sender
  static func send(_ sender: Sender, _ value: Int)
  /// Subscribes a handler that records the value (``Counter/record(_:)``).
  static func subscribe(_ sender: Sender, _ counter: Counter) -> Handle
  /// Ends a subscription now (some subjects need the sender for it).
  static func cancel(_ handle: Handle, on sender: Sender)
  /// Ends every subscription in `handles`, which were made `handles.count / senders.count`
  /// on each sender, in the order of `senders`; for the scale case.
  static func endAll(_ handles: inout [Handle], senders: [Sender])
}

extension EventSubject {
  /// Releasing the handle ends the subscription (tokens, cancellables).
  static func endAll(_ handles: inout [Handle], senders: [Sender]) {
    handles.removeAll(keepingCapacity: true)
  }

  /// Ends each subscription with ``cancel(_:on:)``, on the sender it was made on.
  static func cancelEach(_ handles: inout [Handle], senders: [Sender]) {
    guard !senders.isEmpty else { return }
    let perSender = handles.count / senders.count
    for (index, handle) in handles.enumerated() { cancel(handle, on: senders[index / perSender]) }
    handles.removeAll(keepingCapacity: true)
  }
}

extension Counter {
  /// What every event handler does with what it receives: two adds.
  @inline(__always)
  func record(_ value: Int) {
    calls &+= 1
    sum &+= value
  }
}

// MARK: - The floor: an array of closures called in a loop

/// The least a multicast can cost: an array of closures, each called in turn.
final class FloorEventSender {
  var handlers: [(Int) -> Void] = []

  @inline(__always)
  func send(_ value: Int) {
    for handler in handlers { handler(value) }
  }
}

enum FloorEventSubject: EventSubject {
  static func makeSender() -> FloorEventSender { FloorEventSender() }
  @inline(__always) static func send(_ sender: FloorEventSender, _ value: Int) { sender.send(value) }

  @inline(__always)
  static func subscribe(_ sender: FloorEventSender, _ counter: Counter) {
    sender.handlers.append { [counter] value in counter.record(value) }
  }

  /// A closure in an array has no identity: the floor ends the newest one, which is the
  /// one the subscribe + invalidate case has just added.
  @inline(__always) static func cancel(_ handle: Void, on sender: FloorEventSender) { sender.handlers.removeLast() }

  static func endAll(_ handles: inout [Void], senders: [FloorEventSender]) {
    for sender in senders { sender.handlers.removeAll() }
    handles.removeAll(keepingCapacity: true)
  }
}

// MARK: - OpenCombine

enum PassthroughEventSubject: EventSubject {
  static func makeSender() -> PassthroughSubject<Int, Never> { PassthroughSubject() }
  @inline(__always) static func send(_ sender: PassthroughSubject<Int, Never>, _ value: Int) { sender.send(value) }

  static func subscribe(_ sender: PassthroughSubject<Int, Never>, _ counter: Counter) -> AnyCancellable {
    sender.sink { [counter] value in counter.record(value) }
  }

  @inline(__always) static func cancel(_ handle: AnyCancellable, on sender: PassthroughSubject<Int, Never>) {
    handle.cancel()
  }
}

// MARK: - Foundation's NotificationCenter

/// A private center (not `.default`, so nothing else posts to it or observes it) and the
/// notification name the event posts.
final class NotificationEventSender {
  static let name = Notification.Name("NotificationEventSender.value")
  let center = NotificationCenter()
}

enum NotificationCenterEventSubject: EventSubject {
  static func makeSender() -> NotificationEventSender { NotificationEventSender() }

  /// The value travels as the notification's `object`: an `Int` in an `Any?`, with no
  /// `userInfo` dictionary to allocate per post. The observers are registered with
  /// `object: nil`, so the object filters nothing.
  @inline(__always)
  static func send(_ sender: NotificationEventSender, _ value: Int) {
    sender.center.post(name: NotificationEventSender.name, object: value, userInfo: nil)
  }

  static func subscribe(_ sender: NotificationEventSender, _ counter: Counter) -> any NSObjectProtocol {
    // The block is `@Sendable`; the counter is only touched on the posting thread.
    let counter = Unchecked(counter)
    return sender.center.addObserver(forName: NotificationEventSender.name, object: nil, queue: nil) { notification in
      counter.value.record(notification.object as! Int)
    }
  }

  @inline(__always)
  static func cancel(_ handle: any NSObjectProtocol, on sender: NotificationEventSender) {
    sender.center.removeObserver(handle)
  }

  /// Releasing the observer object does not end a block observation: each is removed.
  static func endAll(_ handles: inout [any NSObjectProtocol], senders: [NotificationEventSender]) {
    cancelEach(&handles, senders: senders)
  }
}

// MARK: - The naive registry

/// The obvious event registry: a lock-protected array of (id, handler); a send copies the
/// handlers out under the lock and calls them outside it; subscribing returns the id,
/// which removes the entry.
final class NaiveEventSender: @unchecked Sendable {
  typealias Entry = (id: Int, handler: (Int) -> Void)

  /// Closures are not `Sendable`, so the array travels in an unchecked box, as any
  /// Swift 6 code keeping them in a `Mutex` must.
  private let entries = Mutex<Unchecked<[Entry]>>(Unchecked([]))
  private let nextID = Atomic<Int>(0)

  func send(_ value: Int) {
    let handlers = entries.withLock { $0.value }
    for entry in handlers { entry.handler(value) }
  }

  func subscribe(_ handler: @escaping (Int) -> Void) -> Int {
    let id = nextID.add(1, ordering: .relaxed).newValue
    entries.withLock { $0.value.append((id: id, handler: handler)) }
    return id
  }

  func remove(_ id: Int) {
    entries.withLock { entries in
      guard let index = entries.value.firstIndex(where: { $0.id == id }) else { return }
      entries.value.remove(at: index)
    }
  }
}

enum NaiveEventSubject: EventSubject {
  static func makeSender() -> NaiveEventSender { NaiveEventSender() }
  @inline(__always) static func send(_ sender: NaiveEventSender, _ value: Int) { sender.send(value) }

  static func subscribe(_ sender: NaiveEventSender, _ counter: Counter) -> Int {
    sender.subscribe { [counter] value in counter.record(value) }
  }

  @inline(__always) static func cancel(_ handle: Int, on sender: NaiveEventSender) { sender.remove(handle) }

  /// An id ends nothing when dropped: each is removed.
  static func endAll(_ handles: inout [Int], senders: [NaiveEventSender]) {
    cancelEach(&handles, senders: senders)
  }
}

// MARK: - ObservationToken

enum TokenEventSubject: EventSubject {
  static func makeSender() -> EventSender<Int> { EventSender<Int>(name: "value") }
  @inline(__always) static func send(_ sender: EventSender<Int>, _ value: Int) { sender.send(value) }

  @inline(__always)
  static func subscribe(_ sender: EventSender<Int>, _ counter: Counter) -> ObservationToken {
    sender.event.subscribe { [counter] value in counter.record(value) }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken, on sender: EventSender<Int>) { handle.invalidate() }
}
