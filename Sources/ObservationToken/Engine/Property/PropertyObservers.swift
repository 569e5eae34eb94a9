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
    untype: @escaping @Sendable (ErasedValue) -> KeyValueChange,
    storageOffset: Int,
    companion: ObservationCompanion?,
    unseenObservableClass: AnyClass?
  ) {
    source = SubscriberSource(storageOffset: storageOffset)
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
  ) -> SubscriberSource.Snapshot {
    withUnsafePointer(to: prior) { prior in
      observers._withUnsafeGuaranteedRef { $0.willChange(prior: ErasedValue(prior), of: subject) }
    }
  }

  /// The change itself, after the store: straight to the source, as a send goes, to the
  /// observers the `.prior` call went to or, without one, to those registered now.
  @inlinable @inline(never)
  static func didChange<Value>(
    _ observers: Unmanaged<PropertyObservers>,
    _ snapshot: SubscriberSource.Snapshot?,
    _ change: ObservedChange<Value>,
    of subject: AnyObject
  ) {
    withUnsafePointer(to: change) { change in
      observers._withUnsafeGuaranteedRef { $0.source.send(ErasedValue(change), from: subject, to: snapshot) }
    }
  }

  /// Takes the observers registered now and sends the `.prior` call to those that asked
  /// for it; the change itself goes to the same observers.
  @usableFromInline
  func willChange(prior: ErasedValue, of subject: AnyObject) -> SubscriberSource.Snapshot {
    let snapshot = source.snapshot()
    if let reading = snapshot.reading {
      _ = DeliveryLoop.deliver(reading, prior, from: .passUnretained(subject), isPrior: true)
    }
    return snapshot
  }
}
