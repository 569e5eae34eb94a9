/// What an observed property's change says to a registration that depends on it, without
/// the property's value type.
struct DependencyChange {
  var kind: KeyValueChange.Kind
  var oldValue: Any?
  var newValue: Any?
  var indexes: RangeSet<Int>?
  var isPrior: Bool

  init<Value>(_ change: ObservedChange<Value>) {
    kind = change.kind
    oldValue = change.oldValue
    newValue = change.newValue
    indexes = change.indexes
    isPrior = change.isPrior
  }

  /// The same change with the values cast to `Value`.
  func typed<Value>(as type: Value.Type) -> ObservedChange<Value> {
    ObservedChange(
      kind: kind,
      oldValue: oldValue as? Value,
      newValue: newValue as? Value,
      indexes: indexes,
      isPrior: isPrior
    )
  }
}

/// A registration that depends on several properties, possibly of several objects.
protocol DependencyOwner: AnyObject, Sendable {
  var registration: any ObservationRegistration { get }
  /// A property it read is about to change (only for `.prior` registrations).
  func dependencyWillChange(_ change: DependencyChange)
  /// A property it read has changed.
  func dependencyDidChange(_ change: DependencyChange)
  /// An object it read from was released.
  func dependencyDidRelease()
}

/// The entry that forwards one property's changes to the registration depending on it.
final class DependencyObserver: PropertyObserver, @unchecked Sendable {
  /// Strong: the owner keeps its entries and the entries their owner until the owner
  /// ends, which closes every entry and breaks the cycle.
  private let owner: any DependencyOwner

  init(list: ObserverList, owner: any DependencyOwner, sequence: UInt64, wantsPrior: Bool) {
    self.owner = owner
    super.init(list: list, sequence: sequence, wantsPrior: wantsPrior)
  }

  override var registration: any ObservationRegistration { owner.registration }

  /// Whether the list it is in still exists (its object is alive).
  var isAttached: Bool { list.isAttached }

  override func handle(_ change: UnsafeRawPointer, isPrior: Bool, of subject: AnyObject) {
    if isPrior {
      owner.dependencyWillChange(list.erase(change))
    } else {
      owner.dependencyDidChange(list.erase(change))
    }
  }

  override func subjectDidRelease() {
    super.subjectDidRelease()
    owner.dependencyDidRelease()
  }
}
