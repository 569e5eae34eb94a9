// expected-error: main actor-isolated property 'text' can not be mutated from a Sendable closure
import Dispatch
import ObservationToken

@MainActor final class Label {
  var text: String?
}

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}

// A queue handler is @Sendable and isolated to no actor, even on the main queue: views are
// set from handlers on MainActor.shared instead.
@MainActor func show(_ document: Document, in label: Label) -> ObservationToken {
  document.observe(\.title, on: DispatchQueue.main) { change in
    label.text = change.newValue
  }
}
