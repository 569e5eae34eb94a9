import Synchronization

/// How many tracking scopes are active on any thread: a read of an `@Observed` property
/// looks for the thread's scope only when this is not zero.
private let activeTrackingScopes = Atomic<Int>(0)

/// Whether a tracking scope may be active on this thread: a read of an `@Observed`
/// property records itself only then.
///
/// Not inlined, and declared free of effects, so the optimizer neither retains the object
/// around each read (an inline atomic load counts as a side effect) nor calls this more
/// than once per function: within one function the answer cannot change for the calling
/// thread. Its scopes begin and end inside ``DependencyTracking/track(_:then:)``, an opaque
/// call that leaves the thread as it found it, and the reads made in a scope run in the
/// scope's body, another function. Other threads' scopes only make the answer `true`
/// spuriously, which the thread-local check behind it sorts out. (A free function: a
/// static one is called through a thunk.)
@usableFromInline @inline(never) @_effects(readnone)
func mayBeTrackingReads() -> Bool {
  activeTrackingScopes.load(ordering: .relaxed) != 0
}

/// A read of an `@Observed` property seen inside a tracking scope: which object, which
/// property (its observer list), and what the read returned.
@usableFromInline
struct Dependency {
  /// The object read from, by identity only: it is compared with objects the caller
  /// holds, which no other object can share an address with. Not a reference, because
  /// retaining an object that is also weakly referenced (a derived registration's root)
  /// takes the runtime's slow path, twice per read.
  @usableFromInline let subjectID: ObjectIdentifier
  @usableFromInline let observers: PropertyObservers
  @usableFromInline let value: ValueIdentity

  @usableFromInline
  init(subject: AnyObject, observers: PropertyObservers, value: ValueIdentity) {
    self.subjectID = ObjectIdentifier(subject)
    self.observers = observers
    self.value = value
  }

  /// Whether the read was made on `object`, which the caller holds.
  @inlinable
  func isRead(of object: AnyObject) -> Bool {
    subjectID == ObjectIdentifier(object)
  }

  /// Whether `value` is the very value this read returned: the same type and the same
  /// bits (for a collection, the same storage).
  @inlinable
  func returned<Value>(_ value: Value) -> Bool {
    self.value.matches(value)
  }
}

/// Runs code while recording which `@Observed` properties, of which objects, it reads.
///
/// Evaluating a key path inside ``track(_:then:)`` discovers everything it depends on, on
/// every object along the way: that is how chains, derived properties and key paths
/// written with a subclass root are matched to the properties that can change them.
@usableFromInline
enum DependencyTracking {
  /// Runs `body`, then passes `use` the properties it read, in first-read order. Scopes
  /// nest; an inner scope's reads are not seen by the outer one.
  ///
  /// The reads are a slice of the thread's own buffer, valid during `use` only and then
  /// dropped, so that tracking allocates nothing once the buffer has grown. `use` runs
  /// after the scope has ended.
  @usableFromInline
  static func track(_ body: () -> Void, then use: (_ dependencies: ArraySlice<Dependency>) -> Void) {
    let context = ThreadContext.current
    let outerStart = context.trackingStart
    let start = context.recordedReads.count
    context.trackingStart = start
    activeTrackingScopes.wrappingAdd(1, ordering: .relaxed)
    body()
    activeTrackingScopes.wrappingSubtract(1, ordering: .relaxed)
    context.trackingStart = outerStart
    use(context.recordedReads[start...])
    // One at a time: there are few, and the ranged removal is a generic path.
    while context.recordedReads.count > start { context.recordedReads.removeLast() }
  }

  /// Records a read in the calling thread's innermost scope, once per property.
  static func record(_ dependency: consuming Dependency, in context: ThreadContext) {
    guard let start = context.trackingStart else { return }
    // By index: a slice of the reads would retain their storage.
    for index in start..<context.recordedReads.count
    where context.recordedReads[index].observers === dependency.observers {
      return
    }
    context.recordedReads.append(dependency)
  }

  /// Stops the program when a key path read no `@Observed` property: it could never
  /// report a change, and a silent observation is worse than a clear stop.
  @usableFromInline
  static func requireObservable(_ dependencies: ArraySlice<Dependency>, keyPath: AnyKeyPath, subjectType: Any.Type) {
    precondition(
      !dependencies.isEmpty,
      """
      ObservationToken: \(PropertyName.ofKeyPath(keyPath)) on \(subjectType) reads no @Observed property, \
      so it can never report a change. Mark the property @Observed, or observe a computed property \
      that reads one.
      """
    )
  }
}

extension DependencyTracking {
  /// A read of an `@Observed` property that the calling thread records; see
  /// ``beginRead(of:)``.
  @usableFromInline
  struct TrackedRead {
    let context: Unmanaged<ThreadContext>
    let lock: UnsafeMutablePointer<SpinLock>
  }

  /// Begins a read of an `@Observed` property of `subject`: `nil` when the calling thread
  /// is not tracking. Otherwise the object's storage lock is held (see
  /// ``ObservedStorageLocks``) until ``endRead(_:of:observers:value:)``, and in between
  /// the caller reads the property's list, creating and storing it on first use.
  @usableFromInline @inline(never)
  static func beginRead(of subject: AnyObject) -> TrackedRead? {
    ThreadContext.withCurrent { context in
      guard context.trackingStart != nil else { return nil }
      let lock = ObservedStorageLocks.lock(for: subject)
      lock.pointee.lock()
      return TrackedRead(context: .passUnretained(context), lock: lock)
    }
  }

  /// Ends what ``beginRead(of:)`` began, and records the read in the thread's innermost
  /// scope. Inlinable, so the value's bits are taken by specialized code; never inlined,
  /// so a loop of reads stays small.
  @inlinable @inline(never)
  static func endRead<Value>(
    _ read: TrackedRead,
    of subject: AnyObject,
    observers: Unmanaged<PropertyObservers>,
    value: Value
  ) {
    finish(read, Dependency(subject: subject, observers: observers.takeUnretainedValue(), value: ValueIdentity(of: value)))
  }

  /// Unlocks, then records `dependency`, which is moved into the thread's reads.
  @usableFromInline
  static func finish(_ read: TrackedRead, _ dependency: consuming Dependency) {
    read.lock.pointee.unlock()
    // Moved through an optional: a closure cannot consume what it captures.
    var pending = Optional(dependency)
    read.context._withUnsafeGuaranteedRef { record(pending.take().unsafelyUnwrapped, in: $0) }
  }
}
