import Synchronization

/// The observers of one `@Observed` property of one object, in registration order.
///
/// Created on the first observation of the property and kept in its storage, which is
/// its only owner: it dies with the object, and its death tells every registration
/// still in it that the subject was released. The entries live in an ``ObserverList``
/// that the entries themselves reference, so nothing holds a weak reference to this
/// front object, and an observed set can pass it along without retaining it.
///
/// It knows nothing of the property's type: a change travels as a pointer to an
/// ``ObservedChange`` of that type, which only code that knows the type reads.
@usableFromInline
final class PropertyObservers: Sendable {
  @usableFromInline let list: ObserverList

  @usableFromInline
  init(erase: @escaping (UnsafeRawPointer) -> DependencyChange) {
    list = ObserverList(erase: erase)
  }

  /// A list for a property whose values are `Value`s.
  @inlinable
  convenience init<Value>(changesOf type: Value.Type) {
    self.init { change in
      DependencyChange(change.assumingMemoryBound(to: ObservedChange<Value>.self).pointee)
    }
  }

  deinit {
    for entry in list.detach() { entry.subjectDidRelease() }
  }

  /// Whether anything observes the property; a set skips notification when not.
  @inlinable
  var isObserved: Bool { list.observerCount.load(ordering: .relaxed) != 0 }

  /// Whether any observer takes the `.prior` call.
  @inlinable
  var hasPriorObservers: Bool { list.priorObserverCount.load(ordering: .relaxed) != 0 }

  /// The registrations with an entry here, in registration order.
  var registrations: [any ObservationRegistration] { list.registrations }

  /// Begins a change that has `.prior` observers: takes the observers registered now
  /// and sends them the `.prior` call (`prior` points to the property's
  /// ``ObservedChange``). The caller then stores the change and finishes with
  /// ``didChange(_:change:of:)``, passing what this returns, so both calls go to the
  /// same observers.
  @usableFromInline
  func willChange(prior: UnsafeRawPointer, of subject: AnyObject) -> ChangeDelivery {
    let reading = list.beginReading()
    if let reading { Self.deliver(prior, isPrior: true, to: reading, of: subject) }
    return ChangeDelivery(reading: reading)
  }

  /// Finishes a change: sends it, in registration order and with no lock held, to the
  /// observers ``willChange(prior:of:)`` took, or when it was not called (no `.prior`
  /// observers) to those registered now.
  @usableFromInline
  func didChange(_ delivery: ChangeDelivery?, change: UnsafeRawPointer, of subject: AnyObject) {
    guard let reading = delivery.map(\.reading) ?? list.beginReading() else { return }
    Self.deliver(change, isPrior: false, to: reading, of: subject)
    list.endReading(reading)
  }

  /// Calls each observer in order, with the thread marked as delivering. The reading
  /// keeps every entry alive, so the loop reads the entries as unmanaged references (the
  /// same bits) and retains none.
  private static func deliver(
    _ change: UnsafeRawPointer,
    isPrior: Bool,
    to reading: ObserverList.Reading,
    of subject: AnyObject
  ) {
    let mark = ThreadContext.beginDelivery()
    defer { ThreadContext.endDelivery(mark) }
    for entry in reading.entries.assumingMemoryBound(to: Unmanaged<PropertyObserver>.self) {
      entry._withUnsafeGuaranteedRef { entry in
        if !isPrior || entry.wantsPrior { entry.deliver(change, isPrior: isPrior, of: subject) }
      }
    }
  }

  /// Adds an entry that forwards this property's changes to `owner`, a registration
  /// that depends on the property.
  func addDependent(_ owner: DerivedRegistration) -> DependencyObserver {
    let entry = DependencyObserver(list: list, owner: owner)
    list.insert(entry)
    return entry
  }
}

/// The observers one change goes to, taken when the change began; `nil` when there were
/// none.
@usableFromInline
struct ChangeDelivery {
  let reading: ObserverList.Reading?
}
