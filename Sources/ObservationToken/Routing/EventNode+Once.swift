extension EventNode {
  /// Calls `handler` with the next event of a type that reaches this node, once, then
  /// ends the subscription.
  ///
  /// The subscription ends as that call begins — its token invalid from then — so the
  /// handler never runs twice, not when two threads post at once, nor when it posts the
  /// event again itself. Until then it is an ordinary subscription, after this node's
  /// interceptors: keep the token, or invalidate it to give up.
  ///
  /// ```swift
  /// events.subscribeOnce(to: RowDeleted.self) { [weak self] event in
  ///   self?.offerUndo(for: event.row)
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type; events of other types never reach `handler`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives the next event, on the posting thread.
  /// - Returns: The token that owns the subscription; invalid once the handler was called.
  public func subscribeOnce<Routed: RoutedEvent>(
    to type: Routed.Type,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping (Routed) -> Void
  ) -> ObservationToken {
    events(of: Routed.self).subscribeOnce(handler, file: file, line: line)
  }
}
