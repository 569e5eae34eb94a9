// expected-error: does not conform to the 'Sendable' protocol
import Dispatch
import ObservationToken

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}

// A plain model must not cross to the queue: only its change may.
func observeOnQueue(_ document: Document) {
  _ = document.observe(\.title, on: DispatchQueue.main) { document, _ in
    print(document.title)
  }
}
