/// Something that happens, which anyone may subscribe to and only its owner's
/// ``EventSender`` can send.
///
/// Every subscription returns an ``ObservationToken`` — the same type key-value
/// observation returns, so tokens of both kinds go in one ``ObservationBag``. Releasing
/// the token, or calling ``ObservationToken/invalidate()``, ends the subscription; once
/// `invalidate()` returns its handler never starts again, on any thread.
///
/// ```swift
/// let token = downloader.finished.subscribe { url in print(url) }
/// downloader.finished.subscribe(inbox, Inbox.downloaded).store(in: &inbox.bag)
/// ```
///
/// An event value is a view of its sender's subscriber list: copies subscribe to the same
/// event, and an event whose sender was released accepts subscriptions that are already
/// over (their tokens are invalid).
///
/// An event stays in its sender's isolation domain — a model and the `@MainActor` screen
/// that shows it, say — and is not `Sendable`: its handlers are plain closures, called on
/// the sending thread, so they may touch that domain's state. The compiler keeps the event
/// and its sender together. An event that other isolation domains subscribe to, such as
/// one an actor owns, is a ``SendableEvent`` from a ``SendableEventSender``; to move a
/// handler to the main actor or a queue, use ``subscribe(on:file:line:_:)-(MainActor,_,_,_)``
/// or ``subscribe(on:file:line:_:)-(DispatchQueue,_,_,_)``.
public struct Event<Parameter> {
  @usableFromInline let source: SubscriberSource

  /// The event whose subscriptions go to `source`.
  @usableFromInline
  init(source: SubscriberSource) {
    self.source = source
  }

  /// Calls `handler` with every value sent from now on, synchronously on the sending
  /// thread, after the subscriptions made before this one.
  ///
  /// ```swift
  /// let token = downloader.finished.subscribe { url in
  ///   print("downloaded", url)
  /// }
  /// ```
  ///
  /// A send from inside a handler is delivered at once, depth-first, like a function call,
  /// so a later subscriber can see a reply before the message that caused it. To keep send
  /// order everywhere, send on a serial queue (or the main actor) and subscribe on it: a
  /// reply is then queued behind the rest of the send that caused it.
  ///
  /// ```swift
  /// let reply = sender.event.subscribe { value in if value == 0 { sender.send(1) } }
  /// var seen: [Int] = []
  /// let log = sender.event.subscribe { value in seen.append(value) }
  /// sender.send(0)
  /// sender.send(2)  // seen == [1, 0, 2]
  /// ```
  ///
  /// Each call makes a subscription of its own, even of a closure already subscribed:
  ///
  /// ```swift
  /// let first = sender.event.subscribe(handler)
  /// let second = sender.event.subscribe(handler)  // a second subscription: handler runs twice per send
  /// ```
  ///
  /// > Important: The token is the subscription: `_ = event.subscribe { }` ends it at once,
  /// > and nothing is subscribed. Without `_ =`, the compiler's unused-result warning says so.
  ///
  /// - Parameters:
  ///   - handler: Receives each sent value.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; releasing it ends it.
  /// - Complexity: O(1), amortized.
  @inlinable
  public func subscribe(
    _ handler: @escaping (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    subscribe(ClosureSubscription(source: source, .closure, file: file, line: line, handler: handler))
  }

  /// Calls `action` on `target` with every value sent from now on, holding the target
  /// weakly.
  ///
  /// The subscription ends when its token is released or the target is, whichever comes
  /// first. Keep the token in the target (`store(in: &target.bag)`) and the target's
  /// release ends it at once; kept elsewhere, it ends at the latest at the next send.
  /// Subscribing the same target and method twice makes two subscriptions, each called.
  ///
  /// ```swift
  /// downloader.finished.subscribe(inbox, Inbox.downloaded).store(in: &inbox.bag)
  /// ```
  ///
  /// - Parameters:
  ///   - target: The object whose method runs; never kept alive by the event.
  ///   - action: The method, named unapplied: `Inbox.downloaded`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription.
  @inlinable
  public func subscribe<Target: AnyObject>(
    _ target: Target,
    _ action: @escaping (Target) -> (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    subscribe(target, file: file, line: line) { target, parameter in action(target)(parameter) }
  }

  /// Calls `action`, a method taking nothing, on `target` each time the event is sent,
  /// holding the target weakly: for a handler that needs to know that it happened, not
  /// the value.
  ///
  /// ```swift
  /// downloader.finished.subscribe(inbox, Inbox.refresh).store(in: &inbox.bag)
  /// ```
  ///
  /// - Parameters:
  ///   - target: The object whose method runs; never kept alive by the event.
  ///   - action: The method, named unapplied: `Inbox.refresh`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription.
  @inlinable
  public func subscribe<Target: AnyObject>(
    _ target: Target,
    _ action: @escaping (Target) -> () -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    subscribe(target, file: file, line: line) { target, _ in action(target)() }
  }

  /// The target–action subscription both public forms make; `action` receives the live
  /// target.
  @usableFromInline
  func subscribe<Target: AnyObject>(
    _ target: Target,
    file: StaticString,
    line: UInt,
    action: @escaping (Target, Parameter) -> Void
  ) -> ObservationToken {
    let origin = SubscriptionOrigin(.targetAction, file: file, line: line)
    return subscribe(TargetActionSubscription(source: source, origin: origin, target: target, action: action))
  }

  /// Hands `subscription` to a token, then adds it to the list: the token exists before
  /// any call, so a handler can end it from the first one.
  @usableFromInline
  func subscribe(_ subscription: EventSubscription, through decorator: SubscriptionDecorator? = nil) -> ObservationToken
  {
    let token = ObservationToken(subscription, through: decorator)
    source.insert(subscription)
    return token
  }
}
