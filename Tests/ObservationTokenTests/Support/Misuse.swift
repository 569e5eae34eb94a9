import ObservationToken

/// Conforms to ``KeyValueObservable`` but stores its values without `@Observed`:
/// key paths to them can never report a change.
final class HasPlainStoredProperty: KeyValueObservable {
  var count = 0
  let id = 1
}
