/// What an observed property's change says to a registration that depends on it, without
/// the property's value type.
@usableFromInline
struct DependencyChange {
  @usableFromInline var kind: KeyValueChange.Kind
  @usableFromInline var oldValue: Any?
  @usableFromInline var newValue: Any?
  @usableFromInline var indexRanges: [Range<Int>]?
  @usableFromInline var isPrior: Bool

  @inlinable
  init<Value>(_ change: ObservedChange<Value>) {
    kind = change.kind
    oldValue = change.oldValue
    newValue = change.newValue
    indexRanges = change.indexRanges
    isPrior = change.isPrior
  }

  /// The same change with the values cast to `Value`.
  @usableFromInline
  func typed<Value>(as type: Value.Type) -> ObservedChange<Value> {
    ObservedChange(
      kind: kind,
      oldValue: oldValue as? Value,
      newValue: newValue as? Value,
      indexes: indexRanges.map { RangeSet($0) },
      isPrior: isPrior
    )
  }
}

/// A dependency's change as it arrives: its ``ErasedChange`` and the function that reads it
/// without its type, so a registration pays for that only when it uses it.
@usableFromInline
struct DependencyChangeReference {
  let change: ErasedChange?
  let erase: ((ErasedChange) -> DependencyChange)?

  /// The change without its type; `nil` when it came from no change (a release).
  @usableFromInline var erased: DependencyChange? {
    guard let change, let erase else { return nil }
    return erase(change)
  }
}

/// The entry that forwards one property's changes to the registration depending on it.
final class DependencyObserver: PropertyObserver, @unchecked Sendable {
  /// Strong: the owner keeps its entries and the entries their owner until the owner
  /// ends, which closes every entry and breaks the cycle.
  private let owner: DerivedRegistration

  init(list: ObserverList, owner: DerivedRegistration) {
    self.owner = owner
    super.init(list: list)
  }

  override var sequence: UInt64 { owner.info.sequence }

  override var wantsPrior: Bool { owner.info.options.contains(.prior) }

  override var registration: any ObservationRegistration { owner }

  /// Whether the list it is in still exists (its object is alive).
  var isAttached: Bool { list.isAttached }

  override func handle(_ change: ErasedChange, isPrior: Bool, of subject: AnyObject) {
    let reference = DependencyChangeReference(change: change, erase: list.erase)
    if isPrior {
      owner.dependencyWillChange(reference)
    } else {
      owner.dependencyDidChange(reference)
    }
  }

  override func subjectDidRelease() {
    super.subjectDidRelease()
    owner.dependencyDidRelease()
  }
}
