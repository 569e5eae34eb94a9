extension KeyValueObservable {
  /// Registers `sink` for the changes of `keyPath` on this object; the registration
  /// delivers nothing until it is started (see ``Registration/start()``), so its owner can
  /// hold it first — a handler may end it from the `.initial` call.
  ///
  /// Evaluates the key path once while tracking reads: a key path that is exactly one
  /// `@Observed` property of this object (declared here or in a superclass) gets a
  /// ``DirectRegistration``; anything else that reads at least one gets a
  /// ``DerivedRegistration``, which observes what the evaluation read at once. A key path
  /// that reads none can never report a change, so it stops with a message naming it.
  /// Always inlined, so that the key path reaches `track`'s body as the caller wrote it:
  /// a literal there is compiled to direct getter calls instead of the key-path runtime.
  @inlinable @inline(__always)
  func register<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: AnyObject? = nil,
    sink: ObservationSink
  ) -> Registration<Self, Value> {
    var evaluated: Value?
    var registration: Registration<Self, Value>?
    let info = RegistrationInfo(
      subject: self,
      keyPath: keyPath,
      options: options,
      context: context,
      observer: observer
    )
    // The reads are valid only inside `then`: decide and observe there.
    DependencyTracking.track { evaluated = self[keyPath: keyPath] } then: { dependencies in
      DependencyTracking.requireObservable(dependencies, keyPath: keyPath, subjectType: Self.self)
      let isSettable = keyPath is ReferenceWritableKeyPath<Self, Value>
      let only = dependencies.startIndex
      if DirectRegistration.isDirectRead(of: self, dependencies, isSettable: isSettable),
        dependencies[only].returned(evaluated!)
      {
        let direct = DirectRegistration(list: dependencies[only].observers.list, info: info, sink: sink)
        registration = Registration(direct: direct, subject: self, value: evaluated!)
        return
      }
      let typed = DerivedValue(keyPath: keyPath)
      let derived = DerivedRegistration(root: self, info: info, sink: sink, typed: typed.step)
      typed.observe(dependencies, of: derived, root: self, value: evaluated!)
      registration = Registration(derived: derived, typed: typed, subject: self, value: evaluated!)
    }
    return registration.unsafelyUnwrapped
  }
}

/// A registration that ``KeyValueObservable/register(_:options:context:observer:sink:)``
/// made and that has not started delivering: its owner takes ``subscription``, then calls
/// ``start()``.
@usableFromInline
struct Registration<Subject: KeyValueObservable, Value> {
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
    ErasedChange.with(ObservedChange(setting: nil, to: value)) { registration.start(of: subject, initial: $0) }
  }
}
