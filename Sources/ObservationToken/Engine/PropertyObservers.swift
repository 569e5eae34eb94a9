import Synchronization

/// The observers of one `@Observed` property of one object, in registration order.
///
/// Created on the first observation of the property and kept in its storage, so it
/// lives and dies with the object. When it dies, every registration still in it learns
/// that its subject was released. `@unchecked Sendable`: the entry list is only reached
/// through its lock, and the counters are atomics.
@usableFromInline
final class PropertyObservers<Value>: @unchecked Sendable {
  private let entries = Locked<ContiguousArray<PropertyObserver<Value>>>([])
  private let observerCount = Atomic<Int>(0)
  private let priorObserverCount = Atomic<Int>(0)

  init() {}

  deinit {
    let released = entries.withLock { entries in
      defer { entries.removeAll() }
      return entries
    }
    for entry in released { entry.subjectDidRelease() }
  }

  /// Whether anything observes the property; a set skips notification when not.
  @usableFromInline
  var isObserved: Bool { observerCount.load(ordering: .relaxed) != 0 }

  /// Adds an entry, keeping the list ordered by registration sequence.
  func insert(_ entry: PropertyObserver<Value>) {
    entries.withLock { entries in
      var index = entries.endIndex
      while index > entries.startIndex, entries[index - 1].sequence > entry.sequence { index -= 1 }
      entries.insert(entry, at: index)
    }
    observerCount.add(1, ordering: .relaxed)
    if entry.wantsPrior { priorObserverCount.add(1, ordering: .relaxed) }
  }

  /// Removes an entry if it is still here.
  func remove(_ entry: PropertyObserver<Value>) {
    let removed = entries.withLock { entries in
      guard let index = entries.firstIndex(where: { $0 === entry }) else { return false }
      entries.remove(at: index)
      return true
    }
    guard removed else { return }
    observerCount.subtract(1, ordering: .relaxed)
    if entry.wantsPrior { priorObserverCount.subtract(1, ordering: .relaxed) }
  }

  /// The registrations with an entry here, in registration order.
  var registrations: [any ObservationRegistration] {
    entries.withLock { entries in entries.map(\.registration) }
  }

  /// Stores a new value in place of the old one, notifying observers around the store.
  @usableFromInline
  func set<Subject: KeyValueObservable>(
    _ newValue: Value,
    of subject: Subject,
    storage: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) {
    let oldValue = subject[keyPath: storage].value
    let change = ObservedChange(kind: .setting, oldValue: oldValue, newValue: newValue)
    notify(change, of: subject) { subject[keyPath: storage].value = newValue }
  }

  /// Sends the `.prior` calls, runs `apply` (which stores the change), then sends the
  /// change — to the observers registered when the change began, in registration order,
  /// with no lock held.
  func notify(_ change: ObservedChange<Value>, of subject: AnyObject, applying apply: () -> Void) {
    let observers = entries.withLock { $0 }
    guard !observers.isEmpty else { return apply() }
    ThreadContext.current.delivering {
      if priorObserverCount.load(ordering: .relaxed) != 0 {
        let prior = change.prior
        for observer in observers where observer.wantsPrior { observer.deliver(prior, of: subject) }
      }
      apply()
      for observer in observers { observer.deliver(change, of: subject) }
    }
  }
}

/// A property's observer list seen without its value type.
protocol AnyPropertyObservers: AnyObject, Sendable {
  /// The registrations with an entry in this list, in registration order.
  var registrations: [any ObservationRegistration] { get }

  /// Adds an entry that forwards this property's changes to `owner`, a registration
  /// that depends on the property.
  func addDependent(_ owner: any DependencyOwner, sequence: UInt64, wantsPrior: Bool) -> any DependencyEntry
}

extension PropertyObservers: AnyPropertyObservers {
  func addDependent(_ owner: any DependencyOwner, sequence: UInt64, wantsPrior: Bool) -> any DependencyEntry {
    let entry = DependencyObserver(list: self, owner: owner, sequence: sequence, wantsPrior: wantsPrior)
    insert(entry)
    return entry
  }
}
