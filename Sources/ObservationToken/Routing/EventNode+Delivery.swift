import Dispatch

extension EventNode {
  /// Calls `handler` on a dispatch queue with every event of a type that reaches this node
  /// from now on, in post order: the delivery ``Event/subscribe(on:file:line:_:)-(DispatchQueue,_,_,_)``
  /// uses, so once ``ObservationToken/invalidate()`` returns no call starts, queued ones
  /// included.
  ///
  /// The event reaches the subscription where a synchronous subscriber would be — after
  /// this node's interceptors — and is queued from there. The handler is `@Sendable` and
  /// isolated to no actor, `DispatchQueue.main` included: to update views, subscribe on
  /// `MainActor.shared`.
  ///
  /// ```swift
  /// events.subscribe(to: RowDeleted.self, on: archiveQueue) { event in archive.remove(event.row) }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type, which must be `Sendable` to cross to the queue.
  ///   - queue: Where the handler runs.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives each event, on `queue`.
  /// - Returns: The token that owns the subscription.
  public func subscribe<Routed: RoutedEvent & Sendable>(
    to type: Routed.Type,
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @Sendable (Routed) -> Void
  ) -> ObservationToken {
    events(of: Routed.self).subscribe(on: queue, file: file, line: line, handler)
  }

  /// Calls a main-actor `handler` with every event of a type that reaches this node from
  /// now on, whichever thread posts it, in post order: the form for a UI chain.
  ///
  /// Calls are queued on the main queue, with the rules of
  /// ``subscribe(to:on:file:line:_:)-(_,DispatchQueue,_,_,_)``.
  ///
  /// ```swift
  /// events.subscribe(to: RowDeleted.self, on: MainActor.shared) { [weak self] event in
  ///   self?.removeRow(event.row)
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type, which must be `Sendable` to cross to the main actor.
  ///   - actor: `MainActor.shared`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Runs on the main actor with each event.
  /// - Returns: The token that owns the subscription.
  public func subscribe<Routed: RoutedEvent & Sendable>(
    to type: Routed.Type,
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @MainActor @Sendable (Routed) -> Void
  ) -> ObservationToken {
    events(of: Routed.self).subscribe(on: actor, file: file, line: line, handler)
  }
}
