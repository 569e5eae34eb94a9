import ObservationToken

/// Declares `@Observed` properties for a subclass to inherit.
class DeclaresObservedProperties: KeyValueObservable {
  @Observed var title = "base"
  @Observed var tags: [String] = []
}

/// Inherits every observed property: key paths written with this class as their root
/// (`\InheritsObservedProperties.title`) name properties declared in the superclass.
final class InheritsObservedProperties: DeclaresObservedProperties {}
