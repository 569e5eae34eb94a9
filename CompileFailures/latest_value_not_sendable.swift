// expected-error: Sendable
import ObservationToken

final class Attachment {
  var name = "photo.jpg"
}

final class Message: KeyValueObservable {
  @Observed var attachment = Attachment()
}

// Keeping only the newest value changes nothing about crossing: a value that is not
// Sendable must not wait for the main actor either.
func observeLatestAttachment(_ message: Message) {
  _ = message.observe(\.attachment, on: MainActor.shared, delivery: .latest) { attachment in
    print(attachment.name)
  }
}
