// expected-error: stored property 'progressSender' of 'Sendable'-conforming class 'DownloadService' has non-Sendable type 'EventSender<Int>'
import ObservationToken

// Nor can a Sendable class keep one: any thread could send to handlers that are not
// Sendable. It keeps a SendableEventSender.
final class DownloadService: Sendable {
  let progressSender = EventSender<Int>()
}
