import Observation

extension KeyValueObservable where Self: Observable {
  /// Not API: a class that also conforms to Observation's `Observable` reports its
  /// `@Observed` properties' reads and changes to Swift Observation too.
  @inlinable
  public static var _observationHook: (any _KeyValueObservationHook.Type)? { ObservationBridge.self }
}

/// Makes `@Observed` properties of a class that also conforms to `Observable` visible to
/// Swift Observation (`withObservationTracking`, `Observations`, SwiftUI): each property
/// that is read or observed gets a ``PropertyRegistrar``.
///
/// Not generic, so that the hook is a constant the accessors test without instantiating
/// any type's metadata; the class is opened as `Observable` once per property and object.
@usableFromInline
enum ObservationBridge: _KeyValueObservationHook {
  @usableFromInline
  static func makeCompanion<Subject: KeyValueObservable, Value>(
    for keyPath: ReferenceWritableKeyPath<Subject, Value>,
    of subject: Subject
  ) -> AnyObject & Sendable {
    // The hook is chosen by `Subject`'s conformance to `Observable`, so the cast succeeds;
    // opening the static type keeps the key path's root (a subclass would not match it).
    func make<Tracked: KeyValueObservable & Observable>(_: Tracked.Type) -> AnyObject & Sendable {
      let trackedKeyPath = keyPath as! ReferenceWritableKeyPath<Tracked, Value>
      return PropertyRegistrar(trackedKeyPath, registrar: ObjectRegistrar.of(subject))
    }
    let tracked: any (KeyValueObservable & Observable).Type = Subject.self as! any (KeyValueObservable & Observable).Type
    return make(tracked)
  }
}

/// Reports one property's reads and changes to its object's registrar, as the
/// `@Observable` macro's accessors do, under the property's key path.
final class PropertyRegistrar<Subject: KeyValueObservable & Observable, Value>: ObservationCompanion,
  @unchecked Sendable
{
  // `@unchecked`: both stored properties are immutable and `Sendable`.
  private let object: ObjectRegistrar
  private let keyPath: ReferenceWritableKeyPath<Subject, Value>

  init(_ keyPath: ReferenceWritableKeyPath<Subject, Value>, registrar: ObjectRegistrar) {
    self.keyPath = keyPath
    self.object = registrar
  }

  override func read(of subject: AnyObject) {
    object.registrar.access(unsafeDowncast(subject, to: Subject.self), keyPath: keyPath)
  }

  override func willChange(of subject: AnyObject) {
    object.registrar.willSet(unsafeDowncast(subject, to: Subject.self), keyPath: keyPath)
  }

  override func didChange(of subject: AnyObject) {
    object.registrar.didSet(unsafeDowncast(subject, to: Subject.self), keyPath: keyPath)
  }
}
