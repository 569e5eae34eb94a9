// expected-error: Sendable
import Dispatch
import ObservationToken

final class Attachment {
  var name = "photo.jpg"
}

// An event's parameter crosses to a queue only when it is Sendable.
func subscribeOnQueue(_ event: Event<Attachment>) {
  _ = event.subscribe(on: DispatchQueue.main) { attachment in
    print(attachment.name)
  }
}
