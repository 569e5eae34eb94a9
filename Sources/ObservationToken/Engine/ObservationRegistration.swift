import Synchronization

/// One observation as the engine knows it: a ``Subscription`` that also says what it
/// watches and for whom.
///
/// Every key-value observation — a raw `addObserver` registration or the subscription a
/// token holds — is one of these. It is either a ``DirectRegistration`` (the key path is
/// exactly one `@Observed` property of the subject) or a ``DerivedRegistration`` (chains,
/// computed properties, subclass-rooted key paths).
@usableFromInline
protocol ObservationRegistration: Subscription {
  /// What the registration watches and for whom.
  var info: RegistrationInfo { get }
}

/// What a registration watches and for whom, for removal and descriptions.
///
/// Two words, so that a token's registration fits a smaller allocation: the key path
/// (inside the ``RawObserver`` for a raw registration), and the sequence number with the
/// options in its low byte.
@usableFromInline
struct RegistrationInfo: @unchecked Sendable {
  private enum Origin {
    /// The private registration of a token, which so copies no weak reference.
    case token(AnyKeyPath)
    case raw(RawObserver)
  }

  private let origin: Origin
  @usableFromInline let sequenceAndOptions: UInt64

  @usableFromInline
  init(
    subject: borrowing AnyObject,
    keyPath: AnyKeyPath,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: borrowing AnyObject? = nil
  ) {
    origin =
      if let observer = copy observer {
        .raw(RawObserver(observer, keyPath: keyPath, context: context, subject: copy subject))
      } else {
        .token(keyPath)
      }
    sequenceAndOptions = SubscriptionSequence.next() << 8 | UInt64(options.rawValue)
  }

  /// The key path given when registering.
  var keyPath: AnyKeyPath {
    switch origin {
    case .token(let keyPath): keyPath
    case .raw(let raw): raw.keyPath
    }
  }

  /// The options given when registering.
  @usableFromInline var options: KeyValueObservingOptions {
    KeyValueObservingOptions(rawValue: UInt8(truncatingIfNeeded: sequenceAndOptions))
  }

  /// Orders registrations; later registrations have larger sequences.
  var sequence: UInt64 { sequenceAndOptions >> 8 }

  /// The subject's type, the key path and the extra calls asked for, such as
  /// `Document \Document.<computed (String)> [.initial]`, for a token's description.
  var summary: String {
    "\(subjectType) \(PropertyName.ofKeyPath(keyPath)) \(options.subtracting([.old, .new]))"
  }

  /// The raw observer and its context; `nil` for the private registration of a token.
  private var raw: RawObserver? {
    guard case .raw(let raw) = origin else { return nil }
    return raw
  }

  /// The type the key path starts from, which names the subject in descriptions.
  var subjectType: Any.Type { type(of: keyPath).rootType }

  /// The identity of the object observed, under which the raw layer's table keeps a raw
  /// registration; `nil` for the private registration of a token.
  var rawSubjectID: ObjectIdentifier? { raw?.subjectID }

  /// Tells raw registrations apart; never dereferenced.
  var context: UnsafeMutableRawPointer? { raw?.context }

  /// The raw observer's type; `nil` for the private registration of a token.
  var observerType: Any.Type? { raw?.type }

  /// Whether this is a raw registration whose observer has been released: it can never
  /// deliver again, and is pruned as soon as it is seen.
  var observerIsGone: Bool { raw.map { $0.observer == nil } ?? false }

  /// Whether this is the registration `removeObserver` names; a `nil` `context` matches
  /// any context.
  func matches(observer: AnyObject, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer??) -> Bool {
    guard let raw, let registered = raw.observer, registered === observer, raw.keyPath == keyPath else {
      return false
    }
    guard case .some(let context) = context else { return true }
    return raw.context == context
  }
}

/// What only a raw registration has: its observer, held weakly, the key path and context
/// it registered with, and the subject it is filed under in ``RawRegistrations``. Kept
/// out of ``RegistrationInfo`` so that a token's registration stays small.
///
/// `@unchecked Sendable`: the runtime makes loading a weak reference atomic, and the
/// rest never changes.
final class RawObserver: @unchecked Sendable {
  weak var observer: AnyObject?
  let type: Any.Type
  let keyPath: AnyKeyPath
  let context: UnsafeMutableRawPointer?
  let subjectID: ObjectIdentifier

  init(_ observer: AnyObject, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer?, subject: AnyObject) {
    self.observer = observer
    self.type = Swift.type(of: observer)
    self.keyPath = keyPath
    self.context = context
    self.subjectID = ObjectIdentifier(subject)
  }
}

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
