// expected-error: call to main actor-isolated instance method 'bind(_:to:_:on:delivery:file:line:)' in a synchronous nonisolated context
import ObservationToken

final class Label {
  var text: String?
}

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}

// A binding on the main actor is made there: its target, the target's key path and a
// transform belong to the main actor, and are used only in the writes made there.
func show(_ document: Document, in label: Label) -> ObservationToken {
  document.bind(\.title, to: label, \.text, on: MainActor.shared)
}
