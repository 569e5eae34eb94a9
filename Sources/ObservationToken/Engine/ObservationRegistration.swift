import Synchronization

/// One observation as the engine knows it: what it watches, for whom, and how to end it.
///
/// Every observation — a raw `addObserver` registration or the registration behind an
/// ``ObservationToken`` — is one of these. It is either a ``DirectRegistration`` (the
/// key path is exactly one `@Observed` property of the subject) or a
/// ``DerivedRegistration`` (chains, computed properties, subclass-rooted key paths).
@usableFromInline
protocol ObservationRegistration: AnyObject, Sendable {
  /// What the registration watches and for whom.
  var info: RegistrationInfo { get }
  /// Whether the registration can still deliver: not invalidated, subject alive.
  var isValid: Bool { get }
  /// Ends the registration. Once this returns, its handler never starts again; it waits
  /// for calls under way on other threads unless called from inside a handler.
  func invalidate()
}

/// A direct or a derived registration in one word, where `any ObservationRegistration`
/// takes two: the form a token keeps.
@usableFromInline
enum RegistrationReference: Sendable {
  case direct(DirectRegistration)
  case derived(DerivedRegistration)

  /// The registration itself.
  @usableFromInline var registration: any ObservationRegistration {
    switch self {
    case .direct(let registration): registration
    case .derived(let registration): registration
    }
  }

  /// The registration's ``ObservationRegistration/isValid``, asked of its own type,
  /// which costs less than asking through the protocol.
  var isValid: Bool {
    switch self {
    case .direct(let registration): registration.isValid
    case .derived(let registration): registration.isValid
    }
  }

  /// Ends the registration; see ``ObservationRegistration/invalidate()``.
  func invalidate() {
    switch self {
    case .direct(let registration): registration.invalidate()
    case .derived(let registration): registration.invalidate()
    }
  }
}

extension ObservationRegistration {
  /// The key path as the runtime prints it; see ``PropertyName``.
  var keyPathName: String { PropertyName.ofKeyPath(info.keyPath) }
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
  private let sequenceAndOptions: UInt64

  @usableFromInline
  init(
    subject: AnyObject,
    keyPath: AnyKeyPath,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: AnyObject? = nil
  ) {
    origin =
      if let observer {
        .raw(RawObserver(observer, keyPath: keyPath, context: context, subject: subject))
      } else {
        .token(keyPath)
      }
    sequenceAndOptions = RegistrationSequence.next() << 8 | UInt64(options.rawValue)
  }

  /// The key path given when registering.
  var keyPath: AnyKeyPath {
    switch origin {
    case .token(let keyPath): keyPath
    case .raw(let raw): raw.keyPath
    }
  }

  /// The options given when registering.
  var options: KeyValueObservingOptions {
    KeyValueObservingOptions(rawValue: UInt8(truncatingIfNeeded: sequenceAndOptions))
  }

  /// Orders registrations; later registrations have larger sequences.
  var sequence: UInt64 { sequenceAndOptions >> 8 }

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

/// Hands out the sequence numbers that order registrations; an atomic counter, not a lock.
enum RegistrationSequence {
  private static let counter = Atomic<UInt64>(0)

  static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

extension KeyValueObservable {
  /// Registers `sink` for the changes of `keyPath` on this object.
  ///
  /// Evaluates the key path once while tracking reads: a key path that is exactly one
  /// `@Observed` property of this object (declared here or in a superclass) gets a
  /// ``DirectRegistration``; anything else
  /// that reads at least one gets a ``DerivedRegistration``. A key path that reads none
  /// can never report a change, so it stops with a message naming it. `attach` receives
  /// the registration before it can deliver anything. Inlinable, so the typed parts are
  /// specialized where the caller knows the types.
  @inlinable @discardableResult
  func register<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: AnyObject? = nil,
    attach: (RegistrationReference) -> Void = { _ in },
    sink: ObservationSink
  ) -> RegistrationReference {
    var evaluated: Value?
    var direct: PropertyObservers?
    var derived: (DerivedRegistration, DerivedValue<Self, Value>)?
    let info = RegistrationInfo(
      subject: self,
      keyPath: keyPath,
      options: options,
      context: context,
      observer: observer
    )
    // The reads are valid only inside `then`: decide and observe there; make the
    // `.initial` call, which runs user code, after.
    DependencyTracking.track { evaluated = self[keyPath: keyPath] } then: { dependencies in
      DependencyTracking.requireObservable(dependencies, keyPath: keyPath, subjectType: Self.self)
      let isSettable = keyPath is ReferenceWritableKeyPath<Self, Value>
      let only = dependencies.startIndex
      if DirectRegistration.isDirectRead(of: self, dependencies, isSettable: isSettable),
        dependencies[only].returned(evaluated!)
      {
        direct = dependencies[only].observers
        return
      }
      let typed = DerivedValue(keyPath: keyPath)
      let registration = DerivedRegistration(root: self, info: info, sink: sink, typed: typed.step)
      attach(.derived(registration))
      typed.observe(dependencies, of: registration, root: self, value: evaluated!)
      derived = (registration, typed)
    }
    let value = evaluated!
    if let (registration, typed) = derived {
      typed.sendInitialIfAsked(registration, root: self, value: value)
      return .derived(registration)
    }
    let registration = DirectRegistration(list: direct!.list, info: info, sink: sink)
    attach(.direct(registration))
    guard options.contains(.initial) else {
      registration.start(of: self, initial: nil)
      return .direct(registration)
    }
    withUnsafePointer(to: ObservedChange(kind: .setting, newValue: value)) { initial in
      registration.start(of: self, initial: initial)
    }
    return .direct(registration)
  }
}
