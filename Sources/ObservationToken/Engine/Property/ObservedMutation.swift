/// A mutation in place of an `@Observed` value (`document.tags.append(x)`), as the
/// property's observers see it: begun before the value is handed to the mutation, ended
/// after it.
///
/// Observers see one assignment (``KeyValueChange/Kind/setting``) with the whole values
/// before and after, as if the property had been read, changed and set: the `.prior` call
/// before the mutation, the change after it. The value before is copied only when the
/// property is observed; the other observation system, in a class that opts in to one,
/// hears of the mutation around it as of a set.
@usableFromInline
struct ObservedMutation<Value> {
  /// The property's list, which its storage owns and never replaces; the access keeps
  /// the object, and so the list, alive.
  @usableFromInline let observers: Unmanaged<PropertyObservers>
  /// What the other observation system keeps, for a class that opts in to one.
  @usableFromInline let companion: ObservationCompanion?
  /// The value before the mutation; `nil` when nothing observed the property then.
  @usableFromInline let oldValue: Value?
  /// The observers the `.prior` call went to, which the change goes to as well.
  @usableFromInline let reading: SubscriberSource.Snapshot?

  @inlinable
  init(
    observers: Unmanaged<PropertyObservers>, companion: ObservationCompanion?, oldValue: Value?,
    reading: SubscriberSource.Snapshot?
  ) {
    self.observers = observers
    self.companion = companion
    self.oldValue = oldValue
    self.reading = reading
  }

  /// Begins a mutation of the value in `subject`'s storage: `nil` when the property has no
  /// list, so that nobody is told anything.
  @inlinable @inline(__always)
  static func begin<Subject: KeyValueObservable>(
    of subject: Subject,
    _ storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> ObservedMutation? {
    // Two checks, the first on the bare reference, as in `Observed.store`.
    if subject[keyPath: storageKeyPath].observers == nil { return nil }
    let observers = Unmanaged.passUnretained(subject[keyPath: storageKeyPath].observers.unsafelyUnwrapped)
    let companion = Subject._observationHook != nil ? observers._withUnsafeGuaranteedRef { $0.companion } : nil
    companion?.willChange(of: subject)
    guard observers._withUnsafeGuaranteedRef({ $0.isObserved }) else {
      return ObservedMutation(observers: observers, companion: companion, oldValue: nil, reading: nil)
    }
    let oldValue = subject[keyPath: storageKeyPath].value
    let hasPriorObservers = observers._withUnsafeGuaranteedRef { $0.hasPriorObservers }
    let prior = ObservedChange<Value>(setting: oldValue, to: nil, isPrior: true)
    let reading = hasPriorObservers ? PropertyObservers.willChange(observers, prior, of: subject) : nil
    return ObservedMutation(observers: observers, companion: companion, oldValue: oldValue, reading: reading)
  }

  /// Ends the mutation, which left `newValue` in the storage: reports the change. Kept out
  /// of line, so that the code deferred to the end of the access stays small enough to be
  /// inlined, and free of key paths.
  @inlinable @inline(never)
  func end(with newValue: consuming Value, of subject: AnyObject) {
    if let oldValue {
      PropertyObservers.didChange(observers, reading, ObservedChange(setting: oldValue, to: newValue), of: subject)
    }
    companion?.didChange(of: subject)
  }
}
