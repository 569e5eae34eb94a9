/// The sending side of an event that crosses isolation domains: a sender an actor, or any
/// `Sendable` type, can own, which may send from any domain.
///
/// ```swift
/// actor DownloadService {
///   private let progressSender = SendableEventSender<Int>(name: "DownloadService.progress")
///   nonisolated var progress: SendableEvent<Int> { progressSender.event }
///   func advance(_ value: Int) { progressSender.send(value) }
/// }
/// ```
///
/// Its ``event`` is a ``SendableEvent``, which takes only handlers that may run in
/// whichever domain sends: `@Sendable` closures, called on the sending thread, and
/// delivery on the main actor or a queue. That is what lets the sender be `Sendable`. An
/// ``EventSender`` is not, and cannot be: its ``Event`` takes any closure — one that sets
/// a `@MainActor` view's property, say — and calls it on the sending thread, which is
/// sound only while sender and subscribers share one isolation domain.
///
/// Otherwise it is an ``EventSender``: a send calls every subscription made before it, in
/// subscription order (a send from inside a handler is delivered at once, depth-first);
/// `onFirstSubscribe` and `onLastUnsubscribe` run the moment the count of subscriptions
/// goes from zero to one and back, on the thread that changed it, so they are `@Sendable`;
/// releasing the sender ends every subscription without calling `onLastUnsubscribe`.
public final class SendableEventSender<Parameter: Sendable>: Sendable {
  @usableFromInline let source: SubscriberSource

  /// Creates a sender.
  ///
  /// - Parameters:
  ///   - name: What descriptions call the event, such as `"DownloadService.progress"`.
  ///   - onFirstSubscribe: Runs when the first subscription arrives.
  ///   - onLastUnsubscribe: Runs when the last subscription ends.
  public init(
    name: String? = nil,
    onFirstSubscribe: (@Sendable () -> Void)? = nil,
    onLastUnsubscribe: (@Sendable () -> Void)? = nil
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

  /// The event, for subscribers in any isolation domain. It cannot send, nor lead back to
  /// the sender.
  public var event: SendableEvent<Parameter> { SendableEvent(source: source) }

  /// The name given at creation, if any.
  public var name: String? { source.name }

  /// Calls every subscriber with `parameter`, in subscription order: `@Sendable` handlers
  /// on this thread, at once; deliveries on the main actor or a queue are queued there.
  ///
  /// - Returns: Whether any subscriber's handler was called or queued.
  /// - Complexity: O(*n*) in the subscribers; with none, a load and a branch.
  @inlinable @discardableResult
  public func send(_ parameter: Parameter) -> Bool {
    source.send(value: parameter)
  }

  /// Whether any subscription is live.
  public var hasSubscribers: Bool { source.hasSubscribers }

  /// Ends every subscription made so far, as ``EventSender/removeAllSubscriptions()`` does.
  public func removeAllSubscriptions() {
    source.removeAll()
  }
}

extension SendableEventSender where Parameter == Void {
  /// Calls every subscriber, in subscription order.
  ///
  /// - Returns: Whether any subscriber's handler was called or queued.
  @inlinable @discardableResult
  public func send() -> Bool {
    send(())
  }
}

extension SendableEventSender: CustomDebugStringConvertible {
  /// The event's name and each live subscription; see ``Event/debugDescription``.
  public var debugDescription: String { event.debugDescription }
}
