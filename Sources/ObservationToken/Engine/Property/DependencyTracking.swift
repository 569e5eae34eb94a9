import Synchronization

/// How many tracking scopes are active on any thread: a read of an `@Observed` property
/// looks for the thread's scope only when this is not zero.
private let activeTrackingScopes = Atomic<Int>(0)

/// Whether a tracking scope may be active on this thread: a read of an `@Observed` property
/// records itself only then.
///
/// Not inlined, and declared free of effects, so the optimizer neither retains the object
/// around each read (an inline atomic load counts as a side effect) nor calls this more
/// than once per function: a loop of reads asks once. That lets the optimizer reuse an
/// answer anywhere in one function, so a scope's reads must never share a function with
/// code before the scope: scopes exist only inside ``DependencyTracking/track(evaluating:observedAt:_:then:)``,
/// which is never inlined (`@inline(never)`), makes no read of its own, and calls
/// `body` only after the scope began. Other threads' scopes only make the answer `true`
/// spuriously, which the thread-local check behind it sorts out. (A free function: a
/// static one is called through a thunk.)
@usableFromInline @inline(never) @_effects(readnone)
func mayBeTrackingReads() -> Bool {
  activeTrackingScopes.load(ordering: .relaxed) != 0
}

/// Runs code while recording which `@Observed` properties, of which objects, it reads.
///
/// Evaluating a key path inside ``track(evaluating:observedAt:_:then:)`` discovers everything it depends on, on
/// every object along the way: that is how chains, derived properties and key paths
/// written with a subclass root are matched to the properties that can change them.
@usableFromInline
enum DependencyTracking {
  /// Runs `body`, then passes `use` the properties it read, in first-read order. Scopes
  /// nest; an inner scope's reads are not seen by the outer one, and reads made by
  /// handlers called inside the scope are not the scope's.
  ///
  /// The reads are a slice of the thread's own buffer, valid during `use` only and then
  /// dropped, so that tracking allocates nothing once the buffer has grown. `use` runs
  /// after the scope has ended. Inlinable, so that the optimizer can specialize it for a
  /// caller's closures (a key path literal evaluated in `body` then becomes direct calls);
  /// never inlined, for ``mayBeTrackingReads()``.
  ///
  /// `body` evaluates `keyPath` from `site`'s root, for an observation made at `site`'s
  /// place: where it takes `Array`'s own subscript after an `@Observed` property, the index
  /// is checked before the subscript runs (see ``IndexedSteps``). `site` is asked only for
  /// such a key path.
  @inlinable @inline(never)
  static func track(
    evaluating keyPath: AnyKeyPath,
    observedAt site: @autoclosure () -> (Misuse.Site, root: AnyObject),
    _ body: () -> Void,
    then use: (_ dependencies: ArraySlice<Dependency>) -> Void
  ) {
    let scope = Scope.begin()
    // A key path of one component cannot subscript an array: its root is an object.
    let outerSteps = KeyPathLayout.isMarkedSingleComponent(keyPath) ? nil : scope.followSteps(of: keyPath, site)
    body()
    scope.end(then: use)
    if let outerSteps { scope.endSteps(restoring: outerSteps) }
  }

  /// One tracking scope on the calling thread, between ``begin()`` and ``end(then:)``.
  @usableFromInline
  struct Scope {
    let context: Unmanaged<TrackingContext>
    /// Where this scope's reads start in the thread's buffer.
    let start: Int
    /// The enclosing scope's start and delivery depth, restored at the end.
    let outerStart: Int?
    let outerDepth: Int

    /// Begins a scope: reads from here on, at this delivery depth, are its dependencies.
    /// Also counts the scope in, an atomic write that no read is moved across (see
    /// ``mayBeTrackingReads()``).
    @usableFromInline
    static func begin() -> Scope {
      contexts.withCurrent { context in
        let scope = Scope(
          context: .passUnretained(context),
          start: context.reads.count,
          outerStart: context.scopeStart,
          outerDepth: context.scopeDeliveryDepth
        )
        context.scopeStart = scope.start
        context.scopeDeliveryDepth = context.delivery.depth
        activeTrackingScopes.wrappingAdd(1, ordering: .relaxed)
        return scope
      }
    }

    /// The steps an enclosing scope followed, kept while this one follows its own.
    @usableFromInline
    struct OuterSteps {
      let steps: Unmanaged<IndexedSteps>?
    }

    /// Follows the `Array` subscripts `keyPath` takes, if any, in this scope's reads (see
    /// ``IndexedSteps``): `nil` when it takes none, which is remembered, so that evaluating
    /// it again (after each change) reads nothing; otherwise what ``endSteps(restoring:)``
    /// restores after the scope.
    @usableFromInline
    func followSteps(of keyPath: AnyKeyPath, _ site: () -> (Misuse.Site, root: AnyObject)) -> OuterSteps? {
      context._withUnsafeGuaranteedRef { context in
        if context.unindexedKeyPath?.identifier == ObjectIdentifier(keyPath) { return nil }
        guard let steps = IndexedSteps.following(keyPath, madeAt: site, inScopeStartingAt: start) else {
          context.unindexedKeyPath = (ObjectIdentifier(keyPath), keyPath)
          return nil
        }
        let outer = OuterSteps(steps: context.indexedSteps)
        context.indexedSteps = .passRetained(steps)
        return outer
      }
    }

    /// Ends what ``followSteps(of:_:)`` began, after the scope's end.
    @usableFromInline
    func endSteps(restoring outer: OuterSteps) {
      context._withUnsafeGuaranteedRef { context in
        context.indexedSteps?.release()
        context.indexedSteps = outer.steps
      }
    }

    /// Ends the scope, then passes `use` its reads, and drops them.
    @usableFromInline
    func end(then use: (_ dependencies: ArraySlice<Dependency>) -> Void) {
      activeTrackingScopes.wrappingSubtract(1, ordering: .relaxed)
      context._withUnsafeGuaranteedRef { context in
        context.scopeStart = outerStart
        context.scopeDeliveryDepth = outerDepth
        use(context.reads[start...])
        // One at a time: there are few, and the ranged removal is a generic path.
        while context.reads.count > start { context.reads.removeLast() }
      }
    }
  }

  /// Stops the program at the caller's `file` and `line` when a key path read no
  /// `@Observed` property: it could never report a change, and a silent observation is
  /// worse than a clear stop. The check is inlined into every registration; the message
  /// is built out of line.
  @inlinable @inline(__always)
  static func requireObservable(
    _ dependencies: ArraySlice<Dependency>,
    keyPath: AnyKeyPath,
    subjectType: Any.Type,
    file: StaticString,
    line: UInt
  ) {
    if dependencies.isEmpty { Misuse.unobservable(keyPath, on: subjectType, at: .call(file: file, line: line)) }
  }
}

extension DependencyTracking {
  /// A read of an `@Observed` property that the calling thread records; see
  /// ``beginRead()``.
  @usableFromInline
  struct TrackedRead {
    let context: Unmanaged<TrackingContext>
  }

  /// Begins a read of an `@Observed` property: `nil` unless the calling thread is in a
  /// tracking scope, and not in a handler called from it. Otherwise the caller finds the
  /// property's list (see ``ObservedStorageLocks``) and ends with
  /// ``endRead(_:of:observers:value:)``.
  @usableFromInline @inline(never)
  static func beginRead() -> TrackedRead? {
    contexts.withCurrent { context in
      guard context.scopeStart != nil, context.scopeDeliveryDepth == context.delivery.depth else { return nil }
      return TrackedRead(context: .passUnretained(context))
    }
  }

  /// Records the read in the thread's innermost scope. Inlinable, so the value's bits are
  /// taken by specialized code; never inlined, so a loop of reads stays small.
  @inlinable @inline(never)
  static func endRead<Value>(
    _ read: TrackedRead,
    of subject: AnyObject,
    observers: Unmanaged<PropertyObservers>,
    value: Value
  ) {
    record(
      Dependency(subject: subject, observers: observers.takeUnretainedValue(), value: ValueIdentity(of: value)),
      read
    )
  }

  /// Records `dependency`, which is moved into the thread's reads, once per property.
  @usableFromInline
  static func record(_ dependency: consuming Dependency, _ read: TrackedRead) {
    // Moved through an optional: a closure cannot consume what it captures.
    var pending = Optional(dependency)
    read.context._withUnsafeGuaranteedRef { context in
      guard let start = context.scopeStart else { return }
      let dependency = pending.take().unsafelyUnwrapped
      // Only in the evaluation of a key path through `Array`'s subscript (`\.tags[5]`),
      // which checks the index before the subscript runs; every read, repeated ones too.
      if let steps = context.indexedSteps {
        steps._withUnsafeGuaranteedRef { if $0.scopeStart == start { $0.follow(dependency) } }
      }
      // By index: a slice of the reads would retain their storage.
      for index in start..<context.reads.count where context.reads[index].observers === dependency.observers {
        return
      }
      context.reads.append(dependency)
    }
  }
}

private let contexts = ThreadLocal<TrackingContext>()
