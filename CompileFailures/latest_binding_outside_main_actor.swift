// expected-error: call to main actor-isolated instance method 'bind(_:to:_:on:delivery:file:line:)' in a synchronous nonisolated context
import ObservationToken

final class Label {
  var text: String?
}

final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}

// A binding with the latest value only is made on the main actor, as every main-actor
// binding is.
func show(_ document: Document, in label: Label) -> ObservationToken {
  document.bind(\.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
}
