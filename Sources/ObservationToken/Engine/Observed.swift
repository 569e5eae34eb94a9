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
  @usableFromInline var observers: PropertyObservers<Value>?

  /// Creates the storage with an initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
    observers = nil
  }

  /// Reads and writes the property through its enclosing object.
  @inlinable
  public static subscript<Subject: KeyValueObservable>(
    _enclosingInstance subject: Subject,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> Value {
    get {
      if activeTrackingScopes.load(ordering: .relaxed) != 0 {
        recordRead(of: subject, wrapped: wrappedKeyPath, storage: storageKeyPath)
      }
      return subject[keyPath: storageKeyPath].value
    }
    set {
      if let observers = subject[keyPath: storageKeyPath].observers, observers.isObserved {
        observers.set(newValue, of: subject, storage: storageKeyPath)
      } else {
        subject[keyPath: storageKeyPath].value = newValue
      }
    }
  }

  /// Mutates a collection property in place, reporting indexes; see ``ObservedProjection``.
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
  var anyObservers: (any AnyPropertyObservers)? { get }
}

extension Observed: ObservedStorage {
  var anyObservers: (any AnyPropertyObservers)? { observers }
}
