import Observation

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
    object.access(unsafeDowncast(subject, to: Subject.self), keyPath)
  }

  override func willChange(of subject: AnyObject) {
    object.willSet(unsafeDowncast(subject, to: Subject.self), keyPath)
  }

  override func didChange(of subject: AnyObject) {
    object.didSet(unsafeDowncast(subject, to: Subject.self), keyPath)
  }
}
