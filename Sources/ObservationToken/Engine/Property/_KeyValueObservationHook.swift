/// Not API: another observation system that `@Observed` properties report to (see
/// ``KeyValueObservable/_observationHook``).
public protocol _KeyValueObservationHook {
  /// Makes what the system keeps for the property at `keyPath` of `subject`: an
  /// `ObservationCompanion`, which the property's observer list then keeps.
  static func makeCompanion<Subject: KeyValueObservable, Value>(
    for keyPath: ReferenceWritableKeyPath<Subject, Value>,
    of subject: Subject
  ) -> AnyObject & Sendable
}
