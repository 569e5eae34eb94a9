extension Event where Parameter: Sendable {
  /// The values sent from now on, as an asynchronous sequence; none is dropped.
  ///
  /// The sequence owns its subscription: cancelling the task that iterates it, or
  /// releasing the sequence and its iterators, ends the subscription (so the sender's
  /// `onLastUnsubscribe` can run); the sender's release finishes it.
  ///
  /// A property cannot see where it is called from, so ``debugDescription`` lists this
  /// sequence without a place; ``values(bufferingPolicy:file:line:)`` records it.
  ///
  /// ```swift
  /// for await url in downloader.finished.values {
  ///   print(url)
  /// }
  /// ```
  public var values: ObservedValues<Parameter> {
    values(bufferingPolicy: .unbounded, file: "", line: 0)
  }

  /// The values sent from now on, as an asynchronous sequence that keeps what
  /// `bufferingPolicy` says while its consumer is busy.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: What to keep while the consumer is busy, such as
  ///     `.bufferingNewest(1)` for a consumer that needs only the latest value.
  ///   - file: Where the sequence is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: A sequence that owns its subscription.
  public func values(
    bufferingPolicy: AsyncStream<Parameter>.Continuation.BufferingPolicy,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservedValues<Parameter> {
    ObservedValues(bufferingPolicy: bufferingPolicy) { yield in
      subscribe(ClosureSubscription(source: source, .sequence, file: file, line: line, handler: yield))
    }
  }
}
