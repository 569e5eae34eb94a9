extension Event {
  /// Posts a routed event on `node` each time this event is sent, so that what a
  /// component announces as a typed event enters a chain of owners.
  ///
  /// The node is held weakly: the forwarding ends when its token is released or the node
  /// is.
  ///
  /// ```swift
  /// downloader.finished.forward(to: row.events) { url in RowDeleted(row: 0) }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - node: Where to post.
  ///   - file: Where the forwarding is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - transform: Makes the routed event from the sent value.
  /// - Returns: The token that owns the forwarding.
  public func forward<Routed: RoutedEvent>(
    to node: EventNode,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ transform: @escaping (Parameter) -> Routed
  ) -> ObservationToken {
    let origin = SubscriptionOrigin(.forward, file: file, line: line)
    return subscribe(
      TargetActionSubscription(source: source, origin: origin, target: node) { node, parameter in
        node.post(transform(parameter))
      })
  }
}
