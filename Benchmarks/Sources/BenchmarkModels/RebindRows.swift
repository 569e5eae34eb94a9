import ObservationToken

/// The rebind case's row, declared in a module of its own as an app keeps its models: the
/// `rebind-cross` case binds a cell in the benchmark's module to it. The same properties as
/// the benchmark's own `TokenRow`.
public final class ModuleRow: KeyValueObservable {
  @Observed public var title: String
  @Observed public var subtitle = ""
  @Observed public var progress: Int
  @Observed public var isFavorite = false
  @Observed public var count = 0

  public init(_ index: Int) {
    title = "row \(index)"
    progress = index
  }
}
