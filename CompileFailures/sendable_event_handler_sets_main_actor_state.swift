// expected-error: main actor-isolated property 'value' can not be mutated from a Sendable closure
import ObservationToken

actor Downloader {
  private let progressSender = SendableEventSender<Int>()
  nonisolated var progress: SendableEvent<Int> { progressSender.event }
  func advance(_ value: Int) { progressSender.send(value) }
}

@MainActor final class ProgressView {
  var value = 0
}

// The actor sends on its own executor: a closure that sets main-actor state must not run
// there. A SendableEvent's plain subscribe takes only a @Sendable handler, which is
// isolated to no actor; the view is updated from subscribe(on: MainActor.shared) instead.
@MainActor func show(_ downloader: Downloader, in progressView: ProgressView) -> ObservationToken {
  downloader.progress.subscribe { value in
    progressView.value = value
  }
}
