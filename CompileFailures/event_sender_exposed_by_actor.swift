// expected-error: actor-isolated property 'progressSender' can not be referenced from a nonisolated context
import ObservationToken

// An EventSender belongs to its owner's isolation domain: its Event takes any closure and
// calls it on the sending thread. An actor that shares its event uses SendableEventSender.
actor Downloader {
  private let progressSender = EventSender<Int>()
  nonisolated var progress: Event<Int> { progressSender.event }
  func advance(_ value: Int) { progressSender.send(value) }
}
