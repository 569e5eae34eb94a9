import ObservationToken

/// The benchmark's `TokenModel`, declared in a module of its own: the `onchange-cross-*`
/// cases observe it with `onChange(of:)` from the benchmark's module.
public final class ModuleTokenModel: KeyValueObservable {
  @Observed public var value = 0
  @Observed public var other = 0

  public init() {}
}
