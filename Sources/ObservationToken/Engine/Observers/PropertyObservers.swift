import Synchronization

/// The observers of one `@Observed` property of one object, in registration order: the
/// owner of the property's source of changes.
///
/// Created on the first observation of the property and kept in its storage, which is
/// its only owner: it dies with the object, and its death tells every registration
/// still in it that the subject was released. The entries live in a ``SubscriberSource``
/// that the entries themselves reference, so nothing holds a weak reference to this
/// front object, and an observed set can pass it along without retaining it.
///
/// It knows nothing of the property's type: a change travels as an ``ErasedValue``.
@usableFromInline
final class PropertyObservers: Sendable {
  @usableFromInline let source: SubscriberSource
  /// Reads a change of this property with its values as `Any`, for registrations that
  /// depend on it.
  let untype: @Sendable (ErasedValue) -> KeyValueChange
  /// What another observation system keeps for this property, for a class that opts in
  /// (see ``KeyValueObservable/_observationHook``); `nil` otherwise.
  @usableFromInline let companion: ObservationCompanion?
  /// The object's class when it conforms to Observation's `Observable` where its hook
  /// cannot see it — below the class that adopts `KeyValueObservable` (see
  /// ``UnseenObservable``) — so that observing the property stops; `nil` otherwise.
  @usableFromInline let unseenObservableClass: AnyClass?

  @usableFromInline
  init(
    valueType: Any.Type,
    untype: @escaping @Sendable (ErasedValue) -> KeyValueChange,
    storageOffset: Int,
    companion: ObservationCompanion?,
    unseenObservableClass: AnyClass?
  ) {
    source = SubscriberSource(name: nil, valueType: valueType, storageOffset: storageOffset)
    self.untype = untype
    self.companion = companion
    self.unseenObservableClass = unseenObservableClass
  }

  /// A list for a property whose values are `Value`s and whose storage lies `storageOffset`
  /// bytes from its object's start.
  @inlinable
  convenience init<Value>(
    changesOf type: Value.Type,
    storageOffset: Int,
    companion: ObservationCompanion?,
    unseenObservableClass: AnyClass?
  ) {
    self.init(
      valueType: ObservedChange<Value>.self,
      untype: { change in change.readChange(of: Value.self) { $0.untyped } },
      storageOffset: storageOffset,
      companion: companion,
      unseenObservableClass: unseenObservableClass
    )
  }

  deinit {
    source.detach()
  }

  /// Whether anything observes the property; a set skips notification when not.
  @inlinable
  var isObserved: Bool { source.hasSubscribers }

  /// Whether any observer takes the `.prior` call.
  @inlinable
  var hasPriorObservers: Bool { source.hasPriorSubscribers }

  /// The registrations with an entry here, in registration order.
  var registrations: [any ObservationRegistration] {
    source.subscribers.entries.map { unsafeDowncast($0, to: ObserverEntry.self).registration }
  }

  /// Reports one change — `change`, made by `store` — to this property's observers: the
  /// `.prior` call before the store when an observer asked for it, the change after it.
  /// Both calls go to the observers registered when the change began. This is the one
  /// sequence every change of an `@Observed` value takes, assignment or collection edit;
  /// a mutation in place takes its two steps on either side of its access to the storage
  /// (`ObservedMutation`), since the mutation is not a closure.
  @inlinable @inline(__always)
  static func report<Value>(
    _ change: ObservedChange<Value>,
    to observers: Unmanaged<PropertyObservers>,
    of subject: AnyObject,
    store: () -> Void
  ) {
    let hasPriorObservers = observers._withUnsafeGuaranteedRef { $0.hasPriorObservers }
    let reading = hasPriorObservers ? willChange(observers, change.prior, of: subject) : nil
    store()
    didChange(observers, reading, change, of: subject)
  }

  /// The `.prior` calls, before the store. Kept out of line so the accessor stays small
  /// enough to inline, and free of key paths so none is materialized.
  @inlinable @inline(never)
  static func willChange<Value>(
    _ observers: Unmanaged<PropertyObservers>,
    _ prior: ObservedChange<Value>,
    of subject: AnyObject
  ) -> ChangeReading {
    ErasedValue.with(prior) { prior in
      observers._withUnsafeGuaranteedRef { $0.willChange(prior: prior, of: subject) }
    }
  }

  /// The change itself, after the store.
  @inlinable @inline(never)
  static func didChange<Value>(
    _ observers: Unmanaged<PropertyObservers>,
    _ reading: ChangeReading?,
    _ change: ObservedChange<Value>,
    of subject: AnyObject
  ) {
    ErasedValue.with(change) { change in
      observers._withUnsafeGuaranteedRef { $0.didChange(reading, change: change, of: subject) }
    }
  }

  /// Takes the observers registered now and sends them the `.prior` call; the change
  /// itself goes to the same observers.
  @usableFromInline
  func willChange(prior: ErasedValue, of subject: AnyObject) -> ChangeReading {
    let reading = source.subscribers.beginReading()
    if let reading { Self.deliver(prior, isPrior: true, to: reading, of: subject) }
    return ChangeReading(reading: reading)
  }

  /// Sends the change, in registration order and with no lock held, to the observers
  /// ``willChange(prior:of:)`` took or, when it was not called, to those registered now.
  @usableFromInline
  func didChange(_ taken: ChangeReading?, change: ErasedValue, of subject: AnyObject) {
    guard let reading = taken.map(\.reading) ?? source.subscribers.beginReading() else { return }
    Self.deliver(change, isPrior: false, to: reading, of: subject)
    source.subscribers.endReading(reading)
  }

  /// Calls each observer in order through the source's delivery loop: the change, or
  /// the `.prior` call to the observers that asked for it.
  @inline(__always)
  private static func deliver(
    _ change: ErasedValue,
    isPrior: Bool,
    to reading: SubscriberList<ListedEntry>.Reading,
    of subject: AnyObject
  ) {
    SubscriberSource.deliver(to: reading) { entry in
      if !isPrior {
        _ = entry.receive(change, from: subject)
      } else if entry.wantsPrior {
        unsafeDowncast(entry, to: ObserverEntry.self).receivePrior(change, from: subject)
      }
    }
  }

  /// Adds an entry that forwards this property's changes to `owner`, a registration
  /// that depends on the property.
  func addDependent(_ owner: DerivedRegistration) -> DependencyEntry {
    let entry = DependencyEntry(source: source, owner: owner, untype: untype)
    source.insert(entry)
    return entry
  }
}

extension PropertyObservers {
  /// The observers one change goes to, taken when the change began; `nil` when there were
  /// none.
  @usableFromInline
  struct ChangeReading {
    let reading: SubscriberList<ListedEntry>.Reading?
  }
}
