import Dispatch

/// An event that may cross isolation domains: what a ``SendableEventSender`` — kept by an
/// actor, or by any `Sendable` type — shows subscribers in other domains.
///
/// It takes only handlers that are sound whichever domain sends: a `@Sendable` closure,
/// called at once on the sending thread; a `@MainActor` closure, queued on the main actor;
/// a `@Sendable` closure queued on a dispatch queue; or an async sequence. A closure that
/// is not `Sendable` — one that sets a main-actor view's property from the main actor, say —
/// is rejected by the compiler, because the sender may be elsewhere.
///
/// ```swift
/// // On the main actor:
/// service.progress.subscribe(on: MainActor.shared) { [weak self] value in
///   self?.progressView.value = value
/// }.store(in: &bag)
/// ```
///
/// The tokens, their guarantees and the subscription order are an ``Event``'s.
public struct SendableEvent<Parameter: Sendable>: Sendable {
  let source: SubscriberSource

  /// The same subscriber list seen as an ``Event``, whose forms these share. Never handed
  /// out: an `Event` takes any closure.
  private var event: Event<Parameter> { Event(source: source) }

  /// Calls `handler` with every value sent from now on, at once, on the sending thread —
  /// whichever isolation domain that is, so `handler` is `@Sendable` and isolated to none.
  ///
  /// ```swift
  /// let logged = service.progress.subscribe { value in sendableLog.keep(value) }  // @Sendable: runs on the actor
  /// ```
  ///
  /// - Parameters:
  ///   - handler: Receives each sent value.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; releasing it ends it.
  public func subscribe(
    _ handler: @escaping @Sendable (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    event.subscribe(handler, file: file, line: line)
  }

  /// Calls `handler` with the next value sent, once, at once on the sending thread, then
  /// ends the subscription as that call begins; see ``Event/subscribeOnce(_:file:line:)``.
  ///
  /// - Parameters:
  ///   - handler: Receives the next sent value.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; invalid once the handler was called.
  public func subscribeOnce(
    _ handler: @escaping @Sendable (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    event.subscribeOnce(handler, file: file, line: line)
  }

  /// Calls `handler` on a dispatch queue with every value sent from now on, in send order;
  /// see ``Event/subscribe(on:file:line:_:)-(DispatchQueue,_,_,_)``.
  ///
  /// ```swift
  /// let archived = service.progress.subscribe(on: archiveQueue) { value in archive.keep(value) }
  /// ```
  ///
  /// - Parameters:
  ///   - queue: Where the handler runs.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives each sent value, on `queue`.
  /// - Returns: The token that owns the subscription.
  public func subscribe(
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    event.subscribe(on: queue, file: file, line: line, handler)
  }

  /// Calls a main-actor `handler` with every value sent from now on, in send order: the
  /// form for `@MainActor` code, such as a screen showing an actor's progress; see
  /// ``Event/subscribe(on:file:line:_:)-(MainActor,_,_,_)``.
  ///
  /// ```swift
  /// service.progress.subscribe(on: MainActor.shared) { [weak self] value in
  ///   self?.progressView.value = value
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - actor: `MainActor.shared`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Runs on the main actor with each sent value.
  /// - Returns: The token that owns the subscription.
  public func subscribe(
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @MainActor @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    event.subscribe(on: actor, file: file, line: line, handler)
  }

  /// The values sent from now on, as an asynchronous sequence; none is dropped. See
  /// ``Event/values``.
  ///
  /// ```swift
  /// let progressValues = service.progress.values
  /// for await value in progressValues {
  ///   print("  for await received \(value)")
  /// }
  /// ```
  public var values: ObservedValues<Parameter> {
    event.values
  }

  /// The values sent from now on, as an asynchronous sequence that keeps what
  /// `bufferingPolicy` says while its consumer is busy; see
  /// ``Event/values(bufferingPolicy:file:line:)``.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: What to keep while the consumer is busy.
  ///   - file: Where the sequence is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: A sequence that owns its subscription.
  public func values(
    bufferingPolicy: AsyncStream<Parameter>.Continuation.BufferingPolicy,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservedValues<Parameter> {
    event.values(bufferingPolicy: bufferingPolicy, file: file, line: line)
  }
}

extension SendableEvent: CustomDebugStringConvertible {
  /// The event's name and each live subscription; see ``Event/debugDescription``.
  public var debugDescription: String { event.debugDescription }
}
