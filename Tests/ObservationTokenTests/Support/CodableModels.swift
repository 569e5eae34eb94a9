import ObservationToken

/// The contract's Codable model: one `@Observed` property, `Codable` synthesised.
final class Note: KeyValueObservable, Codable {
  @Observed var title = ""
}

/// A Codable model with a collection, an optional `@Observed` property and a plain
/// optional one, to compare the two.
final class CodableDocument: KeyValueObservable, Codable {
  @Observed var title = "Untitled"
  @Observed var tags: [String] = []
  @Observed var subtitle: String?
  var comment: String?
}
