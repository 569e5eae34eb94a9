/// One entry in one property's observer list: the engine's unit of delivery.
///
/// Subclasses decide what a change means (``DirectRegistration`` calls its sink,
/// ``DependencyObserver`` tells the registration that depends on the property).
/// Deliveries pass through the entry's ``DeliveryGate``, so once the entry is closed its
/// handler never starts again, and the handler is released exactly once.
@usableFromInline
class PropertyObserver: @unchecked Sendable {
  /// The list this entry is in.
  let list: ObserverList
  let gate = DeliveryGate()

  init(list: ObserverList) {
    self.list = list
  }

  /// Orders entries by registration; see ``RegistrationSequence``. (Subclasses answer
  /// from what they already hold, which keeps a token's registration small.)
  var sequence: UInt64 {
    preconditionFailure("PropertyObserver subclasses provide their sequence")
  }

  /// Whether the entry takes the `.prior` call before each change.
  var wantsPrior: Bool {
    preconditionFailure("PropertyObserver subclasses say whether they take the prior call")
  }

  /// The observation this entry belongs to.
  var registration: any ObservationRegistration {
    preconditionFailure("PropertyObserver subclasses provide their registration")
  }

  /// Reacts to a change (a pointer to the property's ``ObservedChange``); runs only
  /// inside an admitted delivery.
  func handle(_ change: UnsafeRawPointer, isPrior: Bool, of subject: AnyObject) {}

  /// Drops the handler and what it captures; the gate calls this exactly once.
  func releaseHandler() {}

  /// The observed object was released: the entry is closed and told why.
  func subjectDidRelease() {
    gate.close { releaseHandler() }
  }

  /// Calls ``handle(_:isPrior:of:)`` unless the entry has been closed.
  final func deliver(_ change: UnsafeRawPointer, isPrior: Bool, of subject: AnyObject) {
    guard gate.enter(orRelease: { releaseHandler() }) else { return }
    handle(change, isPrior: isPrior, of: subject)
    gate.leave { releaseHandler() }
  }

  /// Closes the entry and takes it out of its list; only the first call does anything.
  /// Does not wait for deliveries under way on other threads.
  final func close() {
    if gate.close(orRelease: { releaseHandler() }) { list.remove(self) }
  }
}
