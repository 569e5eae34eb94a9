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
@usableFromInline
final class DerivedRegistration<Root: KeyValueObservable, Value>: ObservationRegistration, DependencyOwner,
  @unchecked Sendable
{
  private struct State {
    /// The key path's value at the last evaluation: the next change's old value.
    var value: Value?
    /// Whether that value was the very value of the key path's only dependency.
    var mirrorsSoleDependency = false
    /// One entry per property read, keyed by that property's observer list.
    var entries: [ObjectIdentifier: DependencyObserver] = [:]
  }

  @usableFromInline let info: RegistrationInfo
  private weak var root: Root?
  /// Evaluates the key path.
  private let evaluate: (Root) -> Value
  private let gate = DeliveryGate()
  /// Read only inside a delivery the gate admitted; cleared only by the gate's release.
  private var sink: ObservationSink?
  private let state = Locked(State())

  @usableFromInline
  init(root: Root, evaluate: @escaping (Root) -> Value, info: RegistrationInfo, sink: @escaping ObservationSink) {
    self.root = root
    self.evaluate = evaluate
    self.info = info
    self.sink = sink
  }

  var registration: any ObservationRegistration { self }

  @usableFromInline var isValid: Bool { gate.isOpen && root != nil && !info.observerIsGone }

  /// Observes what the first evaluation read, then makes the `.initial` call if asked.
  @usableFromInline
  func start(value: Value, dependencies: [Dependency]) {
    guard let root else { return }
    let mirrors = Self.mirrors(value, dependencies, of: root)
    state.withLock { state in
      state.value = value
      state.mirrorsSoleDependency = mirrors
      retarget(&state, to: dependencies)
    }
    if info.options.contains(.initial) {
      ThreadContext.delivering {
        send(ObservedChange(kind: .setting, newValue: value), to: root)
      }
    }
  }

  @usableFromInline func invalidate() {
    end()
    gate.waitUntilIdleUnlessDelivering()
  }

  @usableFromInline func observes(_ subject: AnyObject) -> Bool {
    root === subject
  }

  /// Drops the sink and what it captures; the gate calls this exactly once.
  private func releaseSink() {
    sink = nil
    if info.isRaw { RawRegistrations.remove(self, on: info.subjectID) }
  }

  func dependencyWillChange(_ reference: DependencyChangeReference) {
    guard info.options.contains(.prior), let root else { return }
    let (value, mirrors) = state.withLock { ($0.value, $0.mirrorsSoleDependency) }
    let change = mirrors ? reference.erased : nil
    let prior =
      if let change, change.kind != .setting {
        change.typed(as: Value.self)
      } else {
        ObservedChange<Value>(kind: .setting, oldValue: value, isPrior: true)
      }
    send(prior, to: root)
  }

  func dependencyDidChange(_ reference: DependencyChangeReference) {
    guard gate.isOpen else { return }
    guard let root else { return end() }
    var newValue: Value?
    let dependencies = DependencyTracking.track { newValue = evaluate(root) }
    guard let value = newValue else { return }
    let mirrors = Self.mirrors(value, dependencies, of: root)
    let (oldValue, mirrored) = state.withLock { state in
      defer {
        state.value = value
        state.mirrorsSoleDependency = mirrors
        retarget(&state, to: dependencies)
      }
      return (state.value, state.mirrorsSoleDependency)
    }
    // Only a key path that mirrors its sole dependency passes a collection change through.
    if mirrored && mirrors, let change = reference.erased, change.kind != .setting {
      send(change.typed(as: Value.self), to: root)
    } else {
      send(ObservedChange(kind: .setting, oldValue: oldValue, newValue: value), to: root)
    }
  }

  func dependencyDidRelease() {
    if root == nil { return end() }
    // An object along the way went away: what the key path reads now may differ.
    dependencyDidChange(DependencyChangeReference(change: nil, erase: nil))
  }

  /// Calls the sink through the gate; a `false` answer ends the registration.
  private func send(_ change: ObservedChange<Value>, to root: Root) {
    guard gate.enter(orRelease: { releaseSink() }) else { return }
    let keepsObserving = withUnsafePointer(to: change) { change in sink.map { $0(root, change) } ?? true }
    if !keepsObserving { end() }
    gate.leave { releaseSink() }
  }

  /// Closes the gate and every entry, without waiting.
  private func end() {
    gate.close { releaseSink() }
    let (entries, value) = state.withLock { state in
      defer { state = State() }
      return (state.entries, state.value)
    }
    for entry in entries.values { entry.close() }
    _ = consume value  // released here, outside the lock
  }

  /// Moves the entries to the properties `dependencies` names: keeps the ones still
  /// read, adds the new ones, closes the rest. Adds nothing once the gate is closed.
  /// The common case — the same properties as last time — changes nothing and allocates
  /// nothing.
  private func retarget(_ state: inout State, to dependencies: [Dependency]) {
    guard gate.isOpen else { return }
    let unchanged =
      dependencies.count == state.entries.count
      && dependencies.allSatisfy { state.entries[$0.id]?.isAttached == true }
    guard !unchanged else { return }
    var current = state.entries.filter { $0.value.isAttached }
    var next: [ObjectIdentifier: DependencyObserver] = [:]
    for dependency in dependencies {
      next[dependency.id] =
        current.removeValue(forKey: dependency.id)
        ?? dependency.observers.addDependent(
          self,
          sequence: info.sequence,
          wantsPrior: info.options.contains(.prior)
        )
    }
    for stale in current.values { stale.close() }
    state.entries = next
  }

  /// Whether `value` is the very value of the only property read, on the subject itself:
  /// the same bits, so the same storage, so the property's indexes are the key path's.
  private static func mirrors(_ value: Value, _ dependencies: [Dependency], of root: Root) -> Bool {
    guard dependencies.count == 1, let only = dependencies.first, only.subject === root else { return false }
    return only.returned(value)
  }
}
