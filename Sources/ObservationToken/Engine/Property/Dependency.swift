/// A read of an `@Observed` property seen inside a tracking scope: which object, which
/// property (its observer list), and what the read returned.
@usableFromInline
struct Dependency {
  /// The object read from, by identity only: it is compared with objects the caller
  /// holds, which no other object can share an address with. Not a reference, because
  /// retaining an object that is also weakly referenced (a derived registration's root)
  /// takes the runtime's slow path, twice per read.
  @usableFromInline let subjectID: ObjectIdentifier
  @usableFromInline let observers: PropertyObservers
  @usableFromInline let value: ValueIdentity

  @usableFromInline
  init(subject: AnyObject, observers: PropertyObservers, value: ValueIdentity) {
    self.subjectID = ObjectIdentifier(subject)
    self.observers = observers
    self.value = value
  }

  /// Whether the read was made on `object`, which the caller holds.
  @inlinable
  func isRead(of object: AnyObject) -> Bool {
    subjectID == ObjectIdentifier(object)
  }

  /// Whether `value` is the very value this read returned: the same type and the same
  /// bits (for a collection, the same storage).
  @inlinable
  func returned<Value>(_ value: Value) -> Bool {
    self.value.matches(value)
  }
}
