import Observation

extension KeyValueObservable where Self: Observable {
  /// Not API: a class that also conforms to Observation's `Observable` reports its
  /// `@Observed` properties' reads and changes to Swift Observation too.
  @inlinable
  public static var _observationHook: (any _KeyValueObservationHook.Type)? { ObservationBridge<Self>.self }
}

/// Makes `@Observed` properties of `Subject`, a class that also conforms to `Observable`,
/// visible to Swift Observation (`withObservationTracking`, `Observations`, SwiftUI):
/// each property that is read or observed gets a ``PropertyRegistrar``.
@usableFromInline
enum ObservationBridge<Subject: KeyValueObservable & Observable>: _KeyValueObservationHook {
  @usableFromInline
  static func makeCompanion<Owner: KeyValueObservable, Value>(
    for keyPath: ReferenceWritableKeyPath<Owner, Value>,
    of subject: Owner
  ) -> AnyObject & Sendable {
    // The engine asks the hook of the class that declares the property: `Owner` is
    // `Subject`, so the cast succeeds.
    PropertyRegistrar(keyPath as! ReferenceWritableKeyPath<Subject, Value>, registrar: ObjectRegistrar.of(subject))
  }
}
