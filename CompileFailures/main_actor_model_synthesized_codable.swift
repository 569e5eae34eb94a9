// expected-error: main actor-isolated property '_title' can not be referenced from a nonisolated context
import ObservationToken

// Synthesized Codable is nonisolated, and cannot reach a main-actor class's storage.
// Conform on the main actor (Swift 6.2 and later: @MainActor Codable), or keep the
// Codable model off the main actor.
@MainActor final class Document: KeyValueObservable, Codable {
  @Observed var title = "Untitled"
}
