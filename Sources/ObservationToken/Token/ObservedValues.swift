/// An asynchronous sequence of an observed key path's values or changes, made by
/// ``KeyValueObservable/values(of:bufferingPolicy:file:line:)`` and
/// ``KeyValueObservable/changes(of:options:bufferingPolicy:file:line:)``, and of an event's values,
/// made by ``Event/values``.
///
/// The sequence owns its observation. It ends when the subject is released; the
/// observation ends when the consuming task is cancelled, or when the sequence and its
/// iterators are released without being consumed to the end.
public struct ObservedValues<Element: Sendable>: AsyncSequence, Sendable {
  let stream: AsyncStream<Element>
  let token: ObservationToken

  /// Creates the sequence's iterator; iterate it from one task.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator(), token: token)
  }

  /// Produces the elements in order.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<Element>.Iterator
    let token: ObservationToken

    /// The next element, or `nil` once the subject is released or the task cancelled.
    public mutating func next() async -> Element? {
      await base.next()
    }
  }
}

extension ObservedValues {
  /// Makes a sequence fed by the observation `subscribe` starts with the function that
  /// yields one element. The handler that holds `yield` owns the stream's finisher, so
  /// releasing the handler (the observation ended, its subject or sender released)
  /// finishes the sequence; ending the sequence (its task cancelled) ends the observation.
  init(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
    subscribe: (_ yield: @escaping (Element) -> Void) -> ObservationToken
  ) {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
    let finisher = StreamFinisher(continuation)
    let token = subscribe { finisher.continuation.yield($0) }
    // Never waits: `Task.cancel()` runs this holding the task's lock, which a call under way
    // on another thread, resuming the task from `yield`, needs in order to finish. It holds
    // the subscription, not the token, since a token released here would wait in `deinit`.
    continuation.onTermination = { [weak subscription = token.subscription] _ in subscription?.endWithoutWaiting() }
    self.init(stream: stream, token: token)
  }
}
