/// A registration that ``KeyValueObservable/register(_:options:context:observer:handler:file:line:)``
/// made and that has not started delivering: its owner takes ``subscription``, then calls
/// ``start()``.
@usableFromInline
struct PendingRegistration<Subject: KeyValueObservable, Value> {
  /// A ``DirectRegistration``, or a ``DerivedRegistration`` when ``typed`` is set.
  @usableFromInline let subscription: Subscription
  /// The typed half of a derived registration.
  @usableFromInline let typed: DerivedValue<Subject, Value>?
  @usableFromInline let subject: Subject
  /// The key path's value when registering: the `.initial` call's new value.
  @usableFromInline let value: Value

  @inlinable
  init(direct registration: DirectRegistration, subject: Subject, value: Value) {
    subscription = registration
    typed = nil
    self.subject = subject
    self.value = value
  }

  @inlinable
  init(derived registration: DerivedRegistration, typed: DerivedValue<Subject, Value>, subject: Subject, value: Value) {
    subscription = registration
    self.typed = typed
    self.subject = subject
    self.value = value
  }

  /// The registration with what it watches, for the raw layer's table.
  @usableFromInline
  var registration: any ObservationRegistration {
    subscription as! any ObservationRegistration
  }

  /// Starts delivering: a direct registration joins its property's list (a derived one
  /// joined its dependencies' when made); then the `.initial` call, if asked for.
  @inlinable
  func start() {
    if let typed {
      typed.sendInitialIfAsked(unsafeDowncast(subscription, to: DerivedRegistration.self), root: subject, value: value)
      return
    }
    let registration = unsafeDowncast(subscription, to: DirectRegistration.self)
    guard registration.info.options.contains(.initial) else {
      registration.start(of: subject, initial: nil)
      return
    }
    ErasedValue.with(ObservedChange(setting: nil, to: value)) { registration.start(of: subject, initial: $0) }
  }
}
