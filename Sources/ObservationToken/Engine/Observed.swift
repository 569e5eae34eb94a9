import Synchronization

/// Makes a stored property of a ``KeyValueObservable`` class observable.
///
/// The property reads and writes like a plain `var`. Its observer list lives in the
/// property's own storage and is created on first observation, so a set that nobody
/// observes costs a nil check beside the store, and a set that is observed reaches only
/// that property's observers — synchronously, on the setting thread, after the new
/// value is stored (a handler that reads the property sees the new value).
///
/// ```swift
/// final class Document: KeyValueObservable {
///   @Observed var title = "Untitled"
///   @Observed var tags: [String] = []
/// }
/// ```
///
/// For collections, the projected value (`document.$tags`) mutates in place and reports
/// insertions, removals and replacements with their indexes; see ``ObservedProjection``.
///
/// > Important: `@Observed` only works inside a class that conforms to
/// > ``KeyValueObservable``: it finds its observers through the enclosing instance.
@propertyWrapper
public struct Observed<Value> {
  @usableFromInline var value: Value
  @usableFromInline var observers: PropertyObservers?

  /// Creates the storage with an initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
    observers = nil
  }

  /// Reads and writes the property through its enclosing object.
  ///
  /// Everything here is inlined into the property's accessors, where the key paths are
  /// constants the optimizer turns into plain field accesses. The storage key path must
  /// never be handed to code that is not inlined: a key path that escapes makes the
  /// compiler check exclusivity dynamically on every access to the property.
  @inlinable
  public static subscript<Subject: KeyValueObservable>(
    _enclosingInstance subject: Subject,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> Value {
    @inline(__always) get {
      let value = subject[keyPath: storageKeyPath].value
      if mayBeTrackingReads(), let read = DependencyTracking.beginRead(of: subject) {
        // Under the read's lock, so that threads reading — and so observing — at once
        // agree on the one list the storage keeps, created on first use. The wrapped key
        // path is not passed on, which would instantiate it on every read. The storage
        // owns the list, so it is passed along without retaining it.
        if subject[keyPath: storageKeyPath].observers == nil {
          subject[keyPath: storageKeyPath].observers = PropertyObservers(changesOf: Value.self)
        }
        let observers = Unmanaged.passUnretained(subject[keyPath: storageKeyPath].observers.unsafelyUnwrapped)
        DependencyTracking.endRead(read, of: subject, observers: observers, value: value)
      }
      return value
    }
    @inline(__always) set {
      // Two checks, the first on the bare reference: when it is all the unobserved path
      // reads, the optimizer keeps the object's retain out of that path.
      if _fastPath(subject[keyPath: storageKeyPath].observers == nil) {
        subject[keyPath: storageKeyPath].value = newValue
        return
      }
      // The storage owns the list and never replaces it, and the set keeps the object
      // alive, so the list is passed along without retaining it.
      let observers = Unmanaged.passUnretained(subject[keyPath: storageKeyPath].observers.unsafelyUnwrapped)
      guard observers._withUnsafeGuaranteedRef({ $0.isObserved }) else {
        subject[keyPath: storageKeyPath].value = newValue
        return
      }
      let oldValue = subject[keyPath: storageKeyPath].value
      let hasPriorObservers = observers._withUnsafeGuaranteedRef { $0.hasPriorObservers }
      let delivery = hasPriorObservers ? willSet(observers, from: oldValue, of: subject) : nil
      subject[keyPath: storageKeyPath].value = newValue
      didSet(observers, delivery, from: oldValue, to: newValue, of: subject)
    }
  }

  /// The `.prior` calls of an observed set, before the store. Kept out of line so the
  /// accessor stays small enough to inline, and free of key paths so none is materialized.
  @inlinable @inline(never)
  static func willSet(
    _ observers: Unmanaged<PropertyObservers>,
    from oldValue: Value,
    of subject: AnyObject
  ) -> ChangeDelivery {
    _withUnprotectedUnsafePointer(to: ObservedChange(setting: oldValue, to: nil, isPrior: true)) { prior in
      observers._withUnsafeGuaranteedRef { $0.willChange(prior: prior, of: subject) }
    }
  }

  /// The change itself, after the store, to the observers ``willSet(_:from:of:)`` took
  /// or, without `.prior` observers, to those registered now.
  ///
  /// The change's pointer is made without a stack protector, here and wherever a change
  /// is passed on: it never outlives the call, so the protector's check would cost every
  /// change six instructions and guard nothing.
  @inlinable @inline(never)
  static func didSet(
    _ observers: Unmanaged<PropertyObservers>,
    _ delivery: ChangeDelivery?,
    from oldValue: Value,
    to newValue: Value,
    of subject: AnyObject
  ) {
    _withUnprotectedUnsafePointer(to: ObservedChange(setting: oldValue, to: newValue)) { change in
      observers._withUnsafeGuaranteedRef { $0.didChange(delivery, change: change, of: subject) }
    }
  }

  /// Mutates a collection property in place, reporting indexes; see ``ObservedProjection``.
  @inlinable
  public static subscript<Subject: KeyValueObservable>(
    _enclosingInstance subject: Subject,
    projected projectedKeyPath: KeyPath<Subject, ObservedProjection<Value>>,
    storage storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> ObservedProjection<Value> {
    ObservedProjection(ObservedStorageAccess(subject: subject, storage: storageKeyPath))
  }

  /// Unavailable: `@Observed` reaches its value through the enclosing instance.
  @available(*, unavailable, message: "@Observed can only be used in a class that conforms to KeyValueObservable")
  public var wrappedValue: Value {
    get { fatalError("unreachable") }
    set { fatalError("unreachable") }
  }

  /// Unavailable: the projection is made through the enclosing instance.
  @available(*, unavailable, message: "@Observed can only be used in a class that conforms to KeyValueObservable")
  public var projectedValue: ObservedProjection<Value> {
    fatalError("unreachable")
  }
}

/// What the engine needs to see of any `@Observed` storage, whatever its value type.
protocol ObservedStorage {
  var anyObservers: PropertyObservers? { get }
}

extension Observed: ObservedStorage {
  var anyObservers: PropertyObservers? { observers }
}
