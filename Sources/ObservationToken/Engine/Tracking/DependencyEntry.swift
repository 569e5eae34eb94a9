/// The entry that forwards one property's changes to the registration depending on it.
final class DependencyEntry: ObserverEntry, @unchecked Sendable {
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

  override func handle(_ change: ErasedValue, of subject: AnyObject) {
    owner.dependencyDidChange(DependencyChange(change: change, untype: list.untype))
  }

  override func handlePrior(_ prior: ErasedValue, of subject: AnyObject) {
    owner.dependencyWillChange(DependencyChange(change: prior, untype: list.untype))
  }

  override func subjectDidRelease() {
    super.subjectDidRelease()
    owner.dependencyDidRelease(self)
  }
}
