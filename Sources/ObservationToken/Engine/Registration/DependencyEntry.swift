/// The entry that forwards one property's changes to the registration depending on it.
final class DependencyEntry: ObserverEntry, @unchecked Sendable {
  /// Strong: the owner keeps its entries and the entries their owner until the owner
  /// ends, which closes every entry and breaks the cycle.
  private let owner: DerivedRegistration
  /// Reads a change of the property with its values as `Any`, for the owner.
  private let untype: @Sendable (ErasedValue) -> KeyValueChange

  init(
    source: SubscriberSource, owner: DerivedRegistration, untype: @escaping @Sendable (ErasedValue) -> KeyValueChange
  ) {
    self.owner = owner
    self.untype = untype
    super.init(source: source)
  }

  override var sequence: UInt64 { owner.info.sequence }

  override var wantsPrior: Bool { owner.info.options.contains(.prior) }

  override var registration: any ObservationRegistration { owner }

  /// Whether the source it is in still exists (its object is alive).
  var isAttached: Bool { source.isAttached }

  override func receive(_ change: ErasedValue, from subject: AnyObject) {
    owner.dependencyDidChange(DependencyChange(change: change, untype: untype))
  }

  override func receivePrior(_ prior: ErasedValue, from subject: AnyObject) {
    owner.dependencyWillChange(DependencyChange(change: prior, untype: untype))
  }

  override func ownerDidRelease() {
    super.ownerDidRelease()
    owner.dependencyDidRelease(self)
  }
}

extension PropertyObservers {
  /// Adds an entry that forwards this property's changes to `owner`, a registration
  /// that depends on the property.
  func addDependent(_ owner: DerivedRegistration) -> DependencyEntry {
    let entry = DependencyEntry(source: source, owner: owner, untype: untype)
    source.insert(entry)
    return entry
  }
}
