// expected-error: sending 'document.saved' risks causing data races
import ObservationToken

final class Document {
  private let savedSender = EventSender<Int>()
  var saved: Event<Int> { savedSender.event }
}

actor SaveLog {
  func follow(_ saved: Event<Int>) {}
}

// An Event stays in its sender's isolation domain: it cannot be handed to an actor, whose
// handlers would run where the document sends.
@MainActor func follow(_ document: Document, in log: SaveLog) async {
  await log.follow(document.saved)
}
