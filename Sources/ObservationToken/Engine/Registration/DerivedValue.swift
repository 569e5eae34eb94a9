/// The typed half of a ``DerivedRegistration``: evaluates the key path, keeps the last
/// value, and makes each change.
///
/// Its methods are inlinable and reached only through the closure ``register`` makes
/// where the key path's types are known, so they run specialized: a change copies its
/// values directly instead of through generic witnesses and metadata lookups.
@usableFromInline
final class DerivedValue<Root: KeyValueObservable, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// The key path's value at the last evaluation: the next change's old value. Guarded
  /// by the registration's lock, so the runtime's exclusivity check, which a closure's
  /// access to a class property otherwise pays on every change, is left out.
  @usableFromInline @exclusivity(unchecked) var value: Value?

  @inlinable
  init(keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
  }

  /// The registration's closure: runs `step` for it.
  @inlinable
  var step: DerivedRegistration.TypedHalf {
    { [self] step, registration in
      switch step {
      case .willChange(let root, let reference):
        root._withUnsafeGuaranteedRef { willChange(registration, root: unsafeDowncast($0, to: Root.self), reference) }
      case .didChange(let root, let reference):
        root._withUnsafeGuaranteedRef { didChange(registration, root: unsafeDowncast($0, to: Root.self), reference) }
      case .end:
        end(registration)
      case .lastValue(let body):
        _ = registration.withLastValue { body(value.map { $0 as Any }) }
      }
    }
  }

  /// Observes what the first evaluation read, `dependencies`, which returned `value`.
  @inlinable
  func observe(
    _ dependencies: ArraySlice<Dependency>,
    of registration: DerivedRegistration,
    root: Root,
    value: Value
  ) {
    let mirrors = Self.mirrors(value, dependencies, of: root)
    _ = registration.commit(dependencies, mirrors: mirrors) { self.value = value }
  }

  /// Makes the `.initial` call, if the registration asked for one.
  @inlinable
  func sendInitialIfAsked(_ registration: DerivedRegistration, root: Root, value: Value) {
    guard registration.wantsInitial else { return }
    ErasedValue.with(ObservedChange(setting: nil, to: value)) { registration.sendInitial($0, to: root) }
  }

  @inlinable
  func willChange(_ registration: DerivedRegistration, root: Root, _ reference: DependencyChange) {
    var value: Value?
    let mirrors = registration.withLastValue { value = self.value }
    let change = mirrors ? reference.untyped : nil
    let prior =
      if let change, change.kind != .setting {
        ObservedChange<Value>(change)
      } else {
        ObservedChange<Value>(setting: value, to: nil, isPrior: true)
      }
    ErasedValue.with(prior) { registration.send($0, to: root) }
  }

  /// Evaluates the key path again, even when the change is of the last property it read
  /// and the value was that property's: passing the change's own values on is right only
  /// when the last step is provably the property itself, not a computed property that
  /// returned its read unchanged so far, and when no change of an earlier step is still
  /// on its way (see ChainLeafChangeTests).
  @inlinable
  func didChange(_ registration: DerivedRegistration, root: Root, _ reference: DependencyChange) {
    var newValue: Value?
    var oldValue: Value?
    var mirrors = false
    var mirrored = false
    // The body always sets `newValue`.
    DependencyTracking.track(
      evaluating: keyPath,
      observedAt: (registration.observedAt.map { .observation($0) } ?? .change, root)
    ) {
      newValue = root[keyPath: keyPath]
    } then: { dependencies in
      let value = newValue!
      mirrors = Self.mirrors(value, dependencies, of: root)
      mirrored = registration.commit(dependencies, mirrors: mirrors) {
        swap(&oldValue, &self.value)
        self.value = value
      }
    }
    let value = newValue!
    // Only a key path that mirrors its sole dependency passes a collection change through.
    if mirrored && mirrors, let change = reference.untyped, change.kind != .setting {
      ErasedValue.with(ObservedChange<Value>(change)) { registration.send($0, to: root) }
    } else {
      ErasedValue.with(ObservedChange(setting: oldValue, to: value)) { registration.send($0, to: root) }
    }
  }

  /// Drops the last value, outside the lock.
  @inlinable
  func end(_ registration: DerivedRegistration) {
    var released: Value?
    _ = registration.withLastValue { swap(&released, &value) }
  }

  /// Whether `value` is the very value of the only property read, on the subject itself:
  /// the same bits, so the same storage, so the property's indexes are the key path's.
  @inlinable
  static func mirrors(_ value: Value, _ dependencies: ArraySlice<Dependency>, of root: Root) -> Bool {
    guard dependencies.count == 1, let only = dependencies.first, only.isRead(of: root) else { return false }
    return only.returned(value)
  }
}
