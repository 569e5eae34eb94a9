// expected-error: type 'AttachmentDropped' does not conform to the 'Sendable' protocol
import ObservationToken

final class Attachment {
  var name = "photo.jpg"
}

struct AttachmentDropped: RoutedEvent {
  var attachment: Attachment
}

// A routed event crosses to the main actor only when it is Sendable.
func follow(_ node: EventNode) -> ObservationToken {
  node.subscribe(to: AttachmentDropped.self, on: MainActor.shared) { event in
    print(event.attachment.name)
  }
}
