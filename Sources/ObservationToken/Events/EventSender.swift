/// The sending side of an event: owned privately by its source object, which exposes
/// only ``event`` to the world.
///
/// ```swift
/// final class Downloader {
///   private let finishedSender = EventSender<URL>(name: "Downloader.finished")
///   var finished: Event<URL> { finishedSender.event }
///   func complete(_ url: URL) { finishedSender.send(url) }
/// }
/// ```
///
/// A send calls every subscription made before it, synchronously on the sending thread,
/// in subscription order. A subscription made during a send waits for the next one; one
/// ended during a send is not called for the rest of it; a handler that sends again has
/// its send delivered at once, to every subscriber, before the outer send goes on
/// (depth-first, like a function call), so a later subscriber sees the reply first:
///
/// ```swift
/// let reply = sender.event.subscribe { value in if value == 0 { sender.send(1) } }
/// var seen: [Int] = []
/// let log = sender.event.subscribe { value in seen.append(value) }
/// sender.send(0)
/// sender.send(2)  // seen == [1, 0, 2]
/// ```
///
/// To keep send order everywhere, send on a serial queue (or the main actor) and have the
/// subscribers deliver on it.
///
/// `onFirstSubscribe` and `onLastUnsubscribe` let the owner start work when someone
/// listens and stop it when nobody does. They run the moment the count of subscriptions
/// goes from zero to one or from one to zero — including when a target–action target
/// that owns its token is released — strictly alternating, one at a time, on the thread
/// that changed the count, with no lock of the library held; they may subscribe or
/// unsubscribe themselves. A target–action subscription whose token lives elsewhere than
/// its target ends at the latest at the next send after the target's release.
///
/// Releasing the sender ends every subscription (their tokens become invalid, calls still
/// queued never run, sequences finish after what they hold) without calling
/// `onLastUnsubscribe`: the owner is going away.
///
/// Thread safety: sends, subscriptions and their ending may come from any threads at
/// once. The sender is not `Sendable`, because its subscribers' handlers are plain
/// closures and methods that run on the sending thread: it stays in its owner's isolation
/// domain with its ``Event``, and the compiler rejects handing either to another. An actor,
/// or any `Sendable` owner, keeps a ``SendableEventSender`` instead, whose subscribers give
/// `@Sendable` handlers or delivery on the main actor or a queue.
public final class EventSender<Parameter> {
  @usableFromInline let source: SubscriberSource

  /// Creates a sender.
  ///
  /// - Parameters:
  ///   - name: What descriptions call the event, such as `"Downloader.finished"`.
  ///   - onFirstSubscribe: Runs when the first subscription arrives.
  ///   - onLastUnsubscribe: Runs when the last subscription ends.
  public init(
    name: String? = nil,
    onFirstSubscribe: (() -> Void)? = nil,
    onLastUnsubscribe: (() -> Void)? = nil
  ) {
    source = SubscriberSource(
      name: name,
      valueType: Parameter.self,
      onFirstSubscribe: onFirstSubscribe,
      onLastUnsubscribe: onLastUnsubscribe
    )
  }

  deinit {
    source.detach()
  }

  /// The event, for subscribers. It cannot send, nor lead back to the sender.
  public var event: Event<Parameter> { Event(source: source) }

  /// The name given at creation, if any.
  public var name: String? { source.name }

  /// Calls every subscriber with `parameter`, synchronously, in subscription order.
  ///
  /// - Returns: Whether any subscriber's handler was called (a subscription to a queue
  ///   counts once its call is queued).
  /// - Complexity: O(*n*) in the subscribers; with none, a load and a branch.
  @inlinable @discardableResult
  public func send(_ parameter: Parameter) -> Bool {
    source.send(value: parameter)
  }

  /// Whether any subscription is live. A target–action subscription whose target was
  /// released counts until its token is released or the next send ends it.
  public var hasSubscribers: Bool { source.hasSubscribers }

  /// Ends every subscription made so far, as if each token were invalidated: the tokens
  /// become invalid, and once this returns none of their handlers starts again — calls
  /// queued on a dispatch queue or the main actor included, and those of a subscription
  /// another thread was ending meanwhile — except that from inside a handler, calls under
  /// way on other threads are not waited for. `onLastUnsubscribe` runs if anyone was
  /// subscribed.
  public func removeAllSubscriptions() {
    source.removeAll()
  }
}

extension EventSender where Parameter == Void {
  /// Calls every subscriber, synchronously, in subscription order.
  ///
  /// - Returns: Whether any subscriber's handler was called.
  @inlinable @discardableResult
  public func send() -> Bool {
    send(())
  }
}

extension EventSender: CustomDebugStringConvertible {
  /// The event's name and each live subscription; see ``Event/debugDescription``.
  public var debugDescription: String { event.debugDescription }
}
