// expected-error: does not conform to the 'Sendable' protocol
import ObservationToken

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}

// Nor to the main actor.
func observeOnMainActor(_ document: Document) {
  _ = document.observe(\.title, on: MainActor.shared) { document, _ in
    print(document.title)
  }
}
