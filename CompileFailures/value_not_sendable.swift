// expected-error: Sendable
import Dispatch
import ObservationToken

final class Attachment {
  var name = "photo.jpg"
}

final class Message: KeyValueObservable {
  @Observed var attachment = Attachment()
}

// A value that is not Sendable must not cross either, even as a change alone.
func observeAttachment(_ message: Message) {
  _ = message.observe(\.attachment, on: DispatchQueue.main) { change in
    print(change.newValue?.name ?? "")
  }
}
