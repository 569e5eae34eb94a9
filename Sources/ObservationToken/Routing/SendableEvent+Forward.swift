extension SendableEvent {
  /// Posts a routed event on a main-actor `node` each time this event is sent, from
  /// whichever domain sends it: each value is queued on the main actor, in send order, and
  /// posted there, so that an actor's events enter a chain of owners that lives on the main
  /// actor (cells, lists, screens).
  ///
  /// The node is held weakly; a send after it is released posts nothing. Call from the main
  /// actor, where the node lives.
  ///
  /// ```swift
  /// service.progress.forward(to: screen.events, on: MainActor.shared) { value in
  ///   ProgressChanged(value: value)
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - node: Where to post; held weakly.
  ///   - actor: `MainActor.shared`.
  ///   - file: Where the forwarding is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - transform: Makes the routed event from the sent value, on the main actor.
  /// - Returns: The token that owns the forwarding.
  @MainActor
  public func forward<Routed: RoutedEvent>(
    to node: EventNode,
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ transform: @escaping @MainActor @Sendable (Parameter) -> Routed
  ) -> ObservationToken {
    let reference = MainActorNodeReference(node)
    return Event(source: source).subscribe(on: actor, file: file, line: line) { parameter in
      reference.node?.post(transform(parameter))
    }
  }
}

/// A node referenced weakly from main-actor code only: `Sendable` as a main-actor class is,
/// so the main-actor handler of a ``SendableEvent`` can hold it.
@MainActor
private final class MainActorNodeReference {
  weak var node: EventNode?

  init(_ node: EventNode) {
    self.node = node
  }
}
