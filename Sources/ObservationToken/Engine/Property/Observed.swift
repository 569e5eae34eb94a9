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
/// A mutation through the property (`document.tags.append("draft")`) happens in place:
/// with nobody observing, it costs what it costs on a plain stored property (an append is
/// amortised O(1)). Observers see it as one assignment, a ``KeyValueChange/Kind/setting``
/// change with the whole values before and after; the value before is copied for them,
/// and only when the property is observed.
///
/// For collections, the projected value (`document.$tags`) mutates in place and reports
/// insertions, removals and replacements with their indexes; see ``ObservedProjection``.
/// Append through it (`document.$tags.append("draft")`) when the property is observed:
/// an insertion carries only the new elements, O(1) each, where each append through the
/// property copies the whole old value for the observers — quadratic in a loop.
///
/// - Complexity: A set with nobody observing is a nil check beside the store; with
///   observers, proportional to the observers of that one property, not of the object. A
///   read outside any tracking scope is close to a plain property read.
///
/// > Important: `@Observed` only works inside a class that conforms to
/// > ``KeyValueObservable``: it finds its observers through the enclosing instance.
///
/// Swift allows a property wrapper only on a plain `var`, so `@Observed` cannot be `let`,
/// `lazy`, `weak` or `unowned` (the compiler says "property wrapper can only be applied
/// to a 'var'", or "property 'parent' with a wrapper cannot also be weak"). Write instead:
///
/// - a `let`: keep it plain; it never changes, so there is nothing to observe in it, and
///   a chain through it to an `@Observed` property works (`\.settings.volume`);
/// - `lazy`: an `@Observed var` set in `init`, or an optional one set on first use;
/// - `weak` or `unowned`: a strong `@Observed var parent: Parent?` that its owner sets to
///   `nil` when it is done — or, where a cycle forbids that, observe the object itself
///   while it lives (`parent.observe(\.title)`) instead of a chain through the reference.
@propertyWrapper
public struct Observed<Value> {
  @usableFromInline var value: Value
  @usableFromInline var observers: PropertyObservers?

  /// Creates the storage with an initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
    observers = nil
  }

  /// Reads, writes and mutates the property in place through its enclosing object.
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
      // In a class that opts in to another observation system, every read reports to it
      // (and the first one makes the property's list, with what that system keeps).
      // Elsewhere the wrapped key path is not passed on, which would instantiate it on
      // every read: a class that does not opt in always makes its list with `nil`.
      let bridged = Subject._observationHook != nil ? observers(of: subject, wrappedKeyPath, storageKeyPath) : nil
      bridged?._withUnsafeGuaranteedRef { $0.companion.unsafelyUnwrapped.read(of: subject) }
      if mayBeTrackingReads(), let read = DependencyTracking.beginRead() {
        // The list found above, if any: one trip under the lock per read.
        let observers = bridged ?? observers(of: subject, nil, storageKeyPath)
        DependencyTracking.endRead(read, of: subject, observers: observers, value: value)
      }
      return value
    }
    @inline(__always) set {
      // A class that opts in to another observation system reports around the store —
      // not through a closure: the storage key path must not reach code that is not
      // inlined (see above). Without a list, nothing has read the property yet.
      if Subject._observationHook != nil, let observers = subject[keyPath: storageKeyPath].observers {
        let companion = observers.companion.unsafelyUnwrapped
        companion.willChange(of: subject)
        store(newValue, in: subject, storageKeyPath)
        companion.didChange(of: subject)
        return
      }
      store(newValue, in: subject, storageKeyPath)
    }
    // A mutation through the property (`document.tags.append(x)`) works in place: with
    // nobody observing, it is the plain in-place mutation, with no copy of the value.
    // One `yield` only: a coroutine with two is never inlined, and the key paths would
    // then reach the key-path runtime on every mutation. Swift 6.3 inlines it where the
    // mutation is written, never into the property's own `modify` when that is emitted as
    // a function (used from another module, an override, a witness): see INVARIANTS.md.
    @inline(__always) _modify {
      // It begins with a read, reported as the getter reports it.
      if Subject._observationHook != nil || mayBeTrackingReads() {
        _ = Self[_enclosingInstance: subject, wrapped: wrappedKeyPath, storage: storageKeyPath]
      }
      let mutation = ObservedMutation.begin(of: subject, storageKeyPath)
      // Deferred, so that a mutation that throws is reported, as a set's writeback would be.
      // The deferred code is a function of its own: it stays small, so that it is inlined
      // (with the key path in it), and the reporting it calls takes the value, not the path.
      defer { mutation?.end(with: subject[keyPath: storageKeyPath].value, of: subject) }
      yield &subject[keyPath: storageKeyPath].value
    }
  }

  /// The property's observer list, made on first use — under the object's lock, so that
  /// threads reading (and so observing) at once agree on one. The storage owns the list,
  /// so it is passed along without retaining it. `wrappedKeyPath` names the property to
  /// the other observation system, in a class that opts in to one; it is `nil` elsewhere.
  /// The list notes where the storage lies in the object, which names the property in
  /// descriptions (the storage key path itself must not leave inlined code), and, in a
  /// class without a hook, whether the object conforms to `Observable` all the same.
  @inlinable @inline(__always)
  static func observers<Subject: KeyValueObservable>(
    of subject: Subject,
    _ wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>?,
    _ storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> Unmanaged<PropertyObservers> {
    ObservedStorageLocks.lock(for: subject).pointee.withLock {
      if subject[keyPath: storageKeyPath].observers == nil {
        // A stored property's address: the object's, plus the storage's offset in it.
        let storageOffset = withUnsafeMutablePointer(to: &subject[keyPath: storageKeyPath]) { storage in
          Unmanaged.passUnretained(subject).toOpaque().distance(to: UnsafeMutableRawPointer(storage))
        }
        subject[keyPath: storageKeyPath].observers = PropertyObservers(
          changesOf: Value.self,
          storageOffset: storageOffset,
          companion: Subject._observationHook.map { hook in
            // The bridge makes an `ObservationCompanion`; see `_KeyValueObservationHook`.
            unsafeDowncast(
              hook.makeCompanion(for: wrappedKeyPath.unsafelyUnwrapped, of: subject), to: ObservationCompanion.self)
          },
          // A class without a hook may conform to `Observable` where the bridge cannot see it.
          unseenObservableClass: Subject._observationHook == nil ? UnseenObservable.classOf(subject) : nil
        )
      }
      return Unmanaged.passUnretained(subject[keyPath: storageKeyPath].observers.unsafelyUnwrapped)
    }
  }

  /// Stores `newValue`, reporting the change to the property's observers.
  @inlinable @inline(__always)
  static func store<Subject: KeyValueObservable>(
    _ newValue: Value,
    in subject: Subject,
    _ storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) {
    // Two checks, the first on the bare reference: when it is all the unobserved path
    // reads, the optimizer keeps the object's retain out of that path.
    if subject[keyPath: storageKeyPath].observers == nil {
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
    PropertyObservers.report(ObservedChange(setting: oldValue, to: newValue), to: observers, of: subject) {
      subject[keyPath: storageKeyPath].value = newValue
    }
  }

  /// Mutates a collection property in place, reporting indexes; see ``ObservedProjection``.
  ///
  /// Reaching the projection reads the property, as its getter does, so that a key path
  /// through it (`\.$tags[0]`) is observed. (A class that opts in to another observation
  /// system names the property to it by the wrapped key path, which is not at hand here:
  /// its read is recorded once the property's list exists, made by any plain read.)
  @inlinable
  public static subscript<Subject: KeyValueObservable>(
    _enclosingInstance subject: Subject,
    projected projectedKeyPath: KeyPath<Subject, ObservedProjection<Value>>,
    storage storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) -> ObservedProjection<Value> {
    if mayBeTrackingReads(), let read = DependencyTracking.beginRead() {
      // In a class that opts in to another system, only a list that exists, read under the
      // lock that guards its making.
      let observers: Unmanaged<PropertyObservers>? =
        Subject._observationHook == nil
        ? observers(of: subject, nil, storageKeyPath)
        : ObservedStorageLocks.lock(for: subject).pointee.withLock {
          subject[keyPath: storageKeyPath].observers.map { Unmanaged.passUnretained($0) }
        }
      if let observers {
        DependencyTracking.endRead(
          read, of: subject, observers: observers, value: subject[keyPath: storageKeyPath].value)
      }
    }
    return ObservedProjection(
      subject: subject,
      access: { subject, body in body(&unsafeDowncast(subject, to: Subject.self)[keyPath: storageKeyPath]) },
      name: { Observed.propertyName(ofStorage: storageKeyPath) },
      reportsElsewhere: Subject._observationHook != nil
    )
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

extension Observed {
  /// The property behind a wrapper's storage key path: `\Document._title` becomes
  /// `\Document.title`, the name a projection's messages give.
  @usableFromInline
  static func propertyName(ofStorage storageKeyPath: AnyKeyPath) -> String {
    var text = String(describing: storageKeyPath)
    if let underscore = text.lastIndex(of: "_"), underscore > text.startIndex,
      text[text.index(before: underscore)] == "."
    {
      text.remove(at: underscore)
    }
    return text
  }
}
