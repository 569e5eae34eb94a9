/// A registration for a key path that is not one property of its subject: a chain
/// (`\.document?.title`), a computed property (`\.displayTitle`), or a key path written
/// with a subclass root.
///
/// It observes every `@Observed` property the key path read when last evaluated, on
/// every object along the way. When one changes, it evaluates the key path again, moves
/// its entries to what the new evaluation read (so a replaced intermediate object is no
/// longer observed, and conditional dependencies stay right), and reports the value
/// before and after. When the key path mirrors exactly one property of the subject, a
/// collection change keeps its kind and indexes.
///
/// This class holds the untyped half: the entries and the handler (the ``Subscription`` it is
/// holds the gate). The typed half — evaluating, keeping the last value, making the change
/// — is a ``DerivedValue``, reached through a closure made where the key path's types are
/// known, so that every change runs code specialized for them rather than generic code
/// looking up metadata.
@usableFromInline
final class DerivedRegistration: Subscription, ObservationRegistration, @unchecked Sendable {
  /// What the typed half is asked to do. The root is passed unretained: the caller holds
  /// it for the call, and retaining it again would take the runtime's slow path, since the
  /// registration references it weakly.
  @usableFromInline
  enum Step {
    /// A dependency of `root`'s key path is about to change (only for `.prior`).
    case willChange(root: Unmanaged<AnyObject>, DependencyChange)
    /// A dependency changed: evaluate again, and report the change.
    case didChange(root: Unmanaged<AnyObject>, DependencyChange)
    /// The registration ended: drop the last value.
    case end
    /// A description asks for the last value: pass it to the closure, under the lock.
    case lastValue((Any?) -> Void)
  }

  /// Runs a step of the typed half for this registration.
  @usableFromInline
  typealias TypedHalf = (Step, DerivedRegistration) -> Void

  private struct State {
    /// Whether the last value was the very value of the key path's only dependency.
    var mirrorsSoleDependency = false
    /// One entry per property read, in the order the last evaluation read them. A few
    /// at most, so a linear search beats hashing.
    var entries: [DependencyEntry] = []
    /// Where the observation was made, for the message of a stop a later change decides
    /// (``ChainLastStep``, ``ChainPlainStep``, ``UnseenObservable``, a handler calling
    /// itself without end). In room the state has anyway: with the flag below, the size an
    /// optional location took.
    let observedAt: SourceLocation
    /// Whether it is still to be decided that the key path's last step reads an
    /// `@Observed` property; see ``ChainLastStep``.
    var lastStepIsUndecided = false
    /// What the reads of ``entries`` were made on and returned, one for one. Set with
    /// the entries, which the steady state leaves as they are.
    var reads: [ChainPlainStep.Read] = []

    init(observedAt: SourceLocation) {
      self.observedAt = observedAt
    }
  }

  @usableFromInline let info: RegistrationInfo
  private weak var root: AnyObject?
  private let typed: TypedHalf
  /// Read only inside a delivery the gate admitted; cleared only by the gate's release.
  private var handler: SubscriptionHandler?
  /// Guards the entries, and the typed half's last value.
  private let state: Locked<State>

  /// Makes the registration for the key path whose first evaluation from `root` made the
  /// reads `dependencies`. Checks the key path's last step first, which stops the program
  /// at the caller's `file` and `line` when it is known to read no `@Observed` property,
  /// before anything is registered (see ``ChainLastStep``); and that no object read
  /// conforms to `Observable` where Swift Observation cannot see it, which stops likewise
  /// (see ``UnseenObservable``).
  @usableFromInline
  init(
    root: AnyObject,
    info: RegistrationInfo,
    handler: SubscriptionHandler,
    typed: @escaping TypedHalf,
    reading dependencies: ArraySlice<Dependency>,
    file: StaticString,
    line: UInt
  ) {
    self.root = root
    self.info = info
    self.handler = handler
    self.typed = typed
    UnseenObservable.requireSeen(dependencies, at: .call(file: file, line: line))
    var state = State(observedAt: SourceLocation(file: file, line: line))
    state.lastStepIsUndecided = ChainLastStep.isUndecided(
      dependencies,
      keyPath: info.keyPath,
      root: root,
      at: .call(file: file, line: line)
    )
    self.state = Locked(state)
  }

  @usableFromInline var hasSubject: Bool { root != nil }

  @usableFromInline var observedAt: SourceLocation? { state.withLock { $0.observedAt } }

  @usableFromInline override var madeAtDescription: String? { observedAt?.description }

  @usableFromInline override var isValid: Bool { isOpen && hasSubject && !info.observerIsGone }

  override var summary: String { info.summary(naming: keyPathName) }

  /// Named by reflecting the root and the objects along the way, each property found by
  /// its list among those last read; the runtime's form once the registration has ended
  /// or its root is gone.
  @usableFromInline var keyPathName: String {
    let lists = state.withLock { $0.entries.map(\.source) }
    var value: Any?
    typed(.lastValue { value = $0 }, self)
    guard let root, !lists.isEmpty, let value else { return PropertyName.ofKeyPath(info.keyPath) }
    return PropertyName.of(info.keyPath, reading: lists, from: root, value: value)
  }

  func dependencyWillChange(_ reference: DependencyChange) {
    guard info.options.contains(.prior), let root else { return }
    typed(.willChange(root: .passUnretained(root), reference), self)
  }

  func dependencyDidChange(_ reference: DependencyChange) {
    guard isOpen else { return }
    guard let root else {
      end()
      return
    }
    typed(.didChange(root: .passUnretained(root), reference), self)
  }

  func dependencyDidRelease(_ entry: DependencyEntry) {
    guard let root else {
      end()
      return
    }
    state.withLock { state in
      guard let index = state.entries.firstIndex(where: { $0 === entry }) else { return }
      ChainPlainStep.requireReleaseReported(
        ofRead: index,
        entries: state.entries,
        state.reads,
        keyPath: info.keyPath,
        root: root,
        at: .observation(state.observedAt)
      )
    }
    // An object along the way went away: what the key path reads now may differ.
    dependencyDidChange(DependencyChange(change: nil, untype: nil))
  }

  // MARK: For the typed half

  /// Whether to make the `.initial` call.
  @usableFromInline var wantsInitial: Bool { info.options.contains(.initial) }

  /// Records an evaluation: under the lock, runs `exchange` (which swaps the typed half's
  /// last value), notes whether the value mirrors its sole dependency, and moves the
  /// entries to `dependencies`. Returns whether the previous value mirrored it. Until it
  /// is decided, first checks the key path's last step (see ``ChainLastStep``), which
  /// stops the program before anything is changed when it reads no `@Observed` property,
  /// naming where the observation was made; and when the reads differ from the last
  /// evaluation's, that nothing unobserved was replaced (see ``ChainPlainStep``) and that
  /// no object read conforms to `Observable` where Swift Observation cannot see it (see
  /// ``UnseenObservable``), each of which stops likewise.
  @usableFromInline
  func commit(_ dependencies: ArraySlice<Dependency>, mirrors: Bool, exchange: () -> Void) -> Bool {
    state.withLock { state in
      if state.lastStepIsUndecided {
        state.lastStepIsUndecided = ChainLastStep.isUndecided(
          dependencies,
          keyPath: info.keyPath,
          root: root,
          at: .observation(state.observedAt)
        )
      }
      let readsAgain = Self.entries(state.entries, match: dependencies)
      if !readsAgain {
        ChainPlainStep.requireReplacementsReported(
          previous: state.entries,
          state.reads,
          now: dependencies,
          keyPath: info.keyPath,
          root: root,
          at: .observation(state.observedAt)
        )
        UnseenObservable.requireSeen(dependencies, at: .observation(state.observedAt))
      }
      exchange()
      defer { state.mirrorsSoleDependency = mirrors }
      if !readsAgain { retarget(&state, to: dependencies) }
      return state.mirrorsSoleDependency
    }
  }

  /// Runs `read` under the lock (to read the typed half's last value); returns whether
  /// that value mirrors its sole dependency.
  @usableFromInline
  func withLastValue(_ read: () -> Void) -> Bool {
    state.withLock { state in
      read()
      return state.mirrorsSoleDependency
    }
  }

  /// Makes the `.initial` call with `change`.
  @usableFromInline
  func sendInitial(_ change: ErasedValue, to root: AnyObject) {
    DeliveryDepth.delivering { send(change, to: root) }
  }

  /// Calls the handler through the gate with `change`; a `false` answer ends the registration.
  @usableFromInline
  func send(_ change: ErasedValue, to root: AnyObject) {
    deliver {
      let keepsObserving = handler.map { $0.receive(change, from: root) } ?? true
      if !keepsObserving { end() }
    }
  }

  // MARK: Ending

  /// Drops the handler and what it captures; runs exactly once.
  override func releaseHandler() {
    handler = nil
    if let subject = info.rawSubjectID { RawRegistrations.remove(self, on: subject) }
  }

  /// Ends every entry, without waiting, and lets the typed half drop its last value.
  override func didEnd() {
    let entries = state.withLock { state in
      defer { state = State(observedAt: state.observedAt) }
      return state.entries
    }
    for entry in entries { entry.end() }
    typed(.end, self)
  }

  /// Moves the entries to the properties `dependencies` names, which differ from those
  /// the entries follow (the common case — the same properties as last time, in the same
  /// order — never gets here): keeps the ones still read, adds the new ones, closes the
  /// rest. Adds nothing once the gate is closed.
  private func retarget(_ state: inout State, to dependencies: ArraySlice<Dependency>) {
    guard isOpen else { return }
    var current = state.entries.filter(\.isAttached)
    var next: [DependencyEntry] = []
    next.reserveCapacity(dependencies.count)
    for dependency in dependencies {
      let list = dependency.observers.source
      if let index = current.firstIndex(where: { $0.source === list }) {
        next.append(current.remove(at: index))
      } else {
        next.append(dependency.observers.addDependent(self))
      }
    }
    for stale in current { stale.end() }
    state.entries = next
    state.reads = dependencies.map(ChainPlainStep.Read.init)
  }

  /// Whether `entries` are, one for one and in order, attached entries of the lists
  /// `dependencies` read. Compared by index, so no read is copied.
  private static func entries(_ entries: [DependencyEntry], match dependencies: ArraySlice<Dependency>) -> Bool {
    guard entries.count == dependencies.count else { return false }
    for (offset, entry) in entries.enumerated()
    where entry.source !== dependencies[dependencies.startIndex + offset].observers.source || !entry.isAttached {
      return false
    }
    return true
  }
}
