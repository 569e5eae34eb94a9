// expected-error: invalid redeclaration of synthesized property '_title'
import Observation
import ObservationToken

// The @Observable macro makes storage of its own for every stored property, beside
// @Observed's: opt in to Swift Observation by conforming to Observable instead
// (final class Document: KeyValueObservable, Observable).
@Observable final class Document: KeyValueObservable {
  @Observed var title = "Untitled"
}
