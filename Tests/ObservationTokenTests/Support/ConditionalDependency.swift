import ObservationToken

/// A computed property whose dependencies depend on a flag: `selected` reads
/// `usesAlternate`, then either `primary` or `alternate`, never both.
final class ChoosesDependency: KeyValueObservable {
  @Observed var usesAlternate = false
  @Observed var primary = "primary"
  @Observed var alternate = "alternate"

  var selected: String { usesAlternate ? alternate : primary }
}
