import Synchronization

/// One observation as the engine knows it: what it watches, for whom, and how to end it.
///
/// Every observation — a raw `addObserver` registration or the registration behind an
/// ``ObservationToken`` — is one of these. It is either a ``DirectRegistration`` (the
/// key path is exactly one `@Observed` property of the subject) or a
/// ``DerivedRegistration`` (chains, computed properties, subclass-rooted key paths).
protocol ObservationRegistration: AnyObject, Sendable {
  /// What the registration watches and for whom.
  var info: RegistrationInfo { get }
  /// Whether the registration can still deliver: not invalidated, subject alive.
  var isValid: Bool { get }
  /// Ends the registration. Once this returns, its handler never starts again; it waits
  /// for calls under way on other threads unless called from inside a handler.
  func invalidate()
}

/// The description of a registration: the subject's type, the key path, the options,
/// the context and the observer.
struct RegistrationInfo: @unchecked Sendable {
  /// The type of the object observed.
  let subjectType: Any.Type
  /// The key path given when registering.
  let keyPath: AnyKeyPath
  /// The key path as written, where it can be named.
  let keyPathName: String
  let options: KeyValueObservingOptions
  /// Tells registrations apart; never dereferenced.
  let context: UnsafeMutableRawPointer?
  /// The type of the observer, for descriptions and errors.
  let observerType: String
  /// The raw observer, held weakly; `nil` for token registrations.
  weak var observer: AnyObject?
  /// Orders registrations; later registrations have larger sequences.
  let sequence: UInt64

  /// Whether this registration is the one `removeObserver` names; a `nil` `context`
  /// matches any context.
  func matches(observer: AnyObject, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer??) -> Bool {
    guard let registered = self.observer, registered === observer, self.keyPath == keyPath else { return false }
    guard case .some(let context) = context else { return true }
    return self.context == context
  }
}

/// Hands out the sequence numbers that order registrations; an atomic counter, not a lock.
enum RegistrationSequence {
  private static let counter = Atomic<UInt64>(0)

  static func next() -> UInt64 {
    counter.add(1, ordering: .relaxed).newValue
  }
}

/// What a registration calls for each change: the subject and the typed change.
/// Returns `false` to end the registration (its raw observer is gone).
typealias ObservationSink<Root, Value> = (Root, ObservedChange<Value>) -> Bool

extension KeyValueObservable {
  /// Registers `sink` for the changes of `keyPath` on this object.
  ///
  /// Evaluates the key path once while tracking reads: a key path that is exactly one
  /// `@Observed` property of this object gets a ``DirectRegistration``; anything else
  /// that reads at least one gets a ``DerivedRegistration``. A key path that reads none
  /// can never report a change, so it stops with a message naming it.
  func register<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: AnyObject? = nil,
    observerType: String,
    sink: @escaping ObservationSink<Self, Value>
  ) -> any ObservationRegistration {
    let (value, dependencies) = DependencyTracking.track { self[keyPath: keyPath] }
    precondition(
      !dependencies.isEmpty,
      """
      ObservationToken: \(PropertyName.ofKeyPath(keyPath)) on \(Self.self) reads no @Observed property, \
      so it can never report a change. Mark the property @Observed, or observe a computed property \
      that reads one.
      """
    )
    let info = RegistrationInfo(
      subjectType: Self.self,
      keyPath: keyPath,
      keyPathName: PropertyName.ofKeyPath(keyPath, dependencies: dependencies),
      options: options,
      context: context,
      observerType: observerType,
      observer: observer,
      sequence: RegistrationSequence.next()
    )
    if dependencies.count == 1, let only = dependencies.first, only.subject === self, only.keyPath == keyPath,
      let observers = only.observers as? PropertyObservers<Value>
    {
      let registration = DirectRegistration(list: observers, info: info, sink: sink)
      observers.insert(registration)
      if options.contains(.initial) { registration.deliverInitial(value, of: self) }
      return registration
    }
    let registration = DerivedRegistration(root: self, keyPath: keyPath, info: info, sink: sink)
    registration.start(value: value, dependencies: dependencies)
    return registration
  }
}
