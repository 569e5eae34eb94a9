/// Finishes a stream when the observation feeding it releases its handler — on
/// invalidation, or when the subject is released.
final class StreamFinisher<Element: Sendable>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
