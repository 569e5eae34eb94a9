#if !canImport(ObjectiveC)
import Foundation

/// Apple's `NSObject`, as far as key-value observing and coding go, for Linux. It shadows
/// Foundation's `NSObject` in every file that imports `KVOShim` (and not `Foundation`), so
/// `class Player: NSObject` and `override func observeValue(…)` read as they do on Apple.
///
/// Every member is in the class body: extension members cannot be overridden without
/// `@objc`, which Linux rejects. Subjects change their properties between
/// ``willChangeValue(forKey:)`` and ``didChangeValue(forKey:)`` themselves (in `willSet` and
/// `didSet`): the model does not isa-swizzle setters.
open class NSObject: Foundation.NSObject {
  public override init() {
    super.init()
  }

  /// What the runtime does in `object_dispose`: releases the associations (dealloc spies
  /// run here), then reports what is still registered.
  deinit {
    KVOShim.release(KVOShim.registry.withLock { $0.takeAssociations(of: self) })
    KVOShim.release(KVOShim.registry.withLock { $0.forget(self) })
  }

  /// The key paths the model treats as `@objc dynamic`, with their KVC names; its stand-in
  /// for the attribute, which Linux rejects. `_kvcKeyPathString` answers from it. (Not
  /// Apple API: on Apple, `@objc dynamic` says it.)
  open class var kvoShimKeyPaths: [AnyKeyPath: String] { [:] }

  // MARK: Key-value coding

  /// Apple's `value(forKey:)`: the stored property named `key`, found by reflection as KVC
  /// finds an instance variable. Subjects override it for computed properties.
  open func value(forKey key: String) -> Any? {
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      if let child = current.children.first(where: { $0.label == key }) { return child.value }
      mirror = current.superclassMirror
    }
    KVOShim.stop(
      "NSUnknownKeyException: [\(KVOShim.identify(self)) valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
    )
  }

  /// Apple's `value(forKeyPath:)`: each key's value, read from the previous one; a `nil` on
  /// the way is the result. (The model follows to-one relationships only.)
  open func value(forKeyPath keyPath: String) -> Any? {
    let keys = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
    let value = value(forKey: keys[0])
    guard keys.count == 2 else { return value }
    guard let value = Boxing.unwrapped(value) else { return nil }
    guard let object = value as? NSObject else {
      KVOShim.stop(
        "the model of KVO follows key paths through objects, not through the \(type(of: value)) of \"\(keys[0])\"")
    }
    return object.value(forKeyPath: keys[1])
  }

  // MARK: Registering

  /// Apple's `addObserver(_:forKeyPath:options:context:)`. With `.initial`, the observer is
  /// notified inside this call, before the registration exists — so removing it from that
  /// notification stops, as it raises on Apple (openradar 34307466). A key path of several
  /// keys ("a.b") is observed through a ``KeyPathChain``: its old and new values are the
  /// whole path's, `NSNull` when a key on the way is `nil`.
  open func addObserver(
    _ observer: NSObject,
    forKeyPath keyPath: String,
    options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) {
    if options.contains(.initial) {
      var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: NSKeyValueChange.setting.rawValue)]
      if options.contains(.new) { change[.newKey] = Boxing.box(value(forKeyPath: keyPath)) }
      observer.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
    }
    var observance = Observance(observer: observer, keyPath: keyPath, options: options, context: context)
    if keyPath.contains(".") { observance.chain = KeyPathChain(root: self, target: observance) }
    KVOShim.registry.withLock { $0.add(observance, to: self) }
    observance.chain?.attach()
  }

  /// Apple's `removeObserver(_:forKeyPath:context:)`: removing what is not registered stops
  /// with Apple's `NSRangeException` message. Removing a key path of several keys removes
  /// the registrations of its chain too.
  open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
    remove(observer, forKeyPath: keyPath, context: .some(context))
  }

  /// Apple's `removeObserver(_:forKeyPath:)`: whatever the context — the newest match (which
  /// one is unspecified on Apple: "it can guess wrong").
  open func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
    remove(observer, forKeyPath: keyPath, context: nil)
  }

  private func remove(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer??) {
    let removed = KVOShim.registry.withLock { $0.remove(observer, forKeyPath: keyPath, context: context, from: self) }
    guard let removed else {
      KVOShim.stop(
        """
        NSRangeException, reason: 'Cannot remove an observer \(KVOShim.identify(observer)) for the key path \
        "\(keyPath)" from \(KVOShim.identify(self)) because it is not registered as an observer.'
        """
      )
    }
    removed.chain?.end()
  }

  // MARK: Receiving

  /// Apple's `observeValue(forKeyPath:of:change:context:)`. NSObject's own raises: a
  /// notification reached a class that registered for it but did not handle it — the trap
  /// of forwarding to `super` a context no superclass registered. This message prints the
  /// objects' descriptions (`<Player: 0x6000…>`, with a colon), as Apple's does.
  open func observeValue(
    forKeyPath keyPath: String?,
    of object: Any?,
    change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {
    KVOShim.stop(
      """
      NSInternalInconsistencyException, reason: '\(KVOShim.describe(self)): An \
      -observeValueForKeyPath:ofObject:change:context: message was received but not handled.
      Key path: \(keyPath ?? "nil")
      Observed object: \(object.map { KVOShim.describe($0 as AnyObject) } ?? "nil")
      Change: \(change.map { "\($0)" } ?? "nil")
      Context: \(context.map { "\($0)" } ?? "0x0")'
      """
    )
  }

  // MARK: Notifying

  /// Apple's `willChangeValue(forKey:)`: for each observer of the key, in the order they
  /// registered, reads the old value and keeps a pending notification for the did-change
  /// half; an observer with `.prior` is notified at its turn.
  open func willChangeValue(forKey key: String) {
    willChange(forKey: key) { PendingChange(kind: .setting, indexes: nil, old: value(forKey: key)) }
  }

  /// Apple's `didChangeValue(forKey:)`: notifies, on this thread and after the model's lock
  /// is released, the observers the will-change half found — newest registration first,
  /// each only if it is still registered at its turn, with the new value read at its turn.
  open func didChangeValue(forKey key: String) {
    didChange(forKey: key) { _ in value(forKey: key) }
  }

  /// Apple's `willChange(_:valuesAt:forKey:)`, for an ordered to-many property: records the
  /// elements about to be removed or replaced.
  open func willChange(_ changeKind: NSKeyValueChange, valuesAt indexes: IndexSet, forKey key: String) {
    willChange(forKey: key) {
      let isLosingElements = changeKind == .removal || changeKind == .replacement
      return PendingChange(
        kind: changeKind,
        indexes: indexes,
        old: isLosingElements ? elements(at: indexes, forKey: key) : nil
      )
    }
  }

  /// Apple's `didChange(_:valuesAt:forKey:)`: the notification carries the indexes and only
  /// the affected elements.
  open func didChange(_ changeKind: NSKeyValueChange, valuesAt indexes: IndexSet, forKey key: String) {
    didChange(forKey: key) { change in
      change.kind == .insertion || change.kind == .replacement ? elements(at: indexes, forKey: key) : nil
    }
  }

  private func elements(at indexes: IndexSet, forKey key: String) -> [Any] {
    guard let array = value(forKey: key) as? [Any] else {
      KVOShim.stop("willChange(_:valuesAt:forKey:) for \"\(key)\", which is not an ordered to-many property")
    }
    return indexes.map { array[$0] }
  }

  /// The will-change half, as Apple's `NSKeyValueWillChange` walks it: the observances
  /// registered now, in registration order; for each, the change as it reads now, pushed
  /// for the did-change half, then the `.prior` notification. The walk does not look at
  /// the registrations again: one removed by an earlier `.prior` callout still gets its own.
  private func willChange(forKey key: String, reading read: () -> PendingChange) {
    let (observances, hook) = KVOShim.registry.withLock { state in
      (retained(state.observances(of: self, forKey: key)), state.beforeCallout)
    }
    var pending: [PendingNotification] = []
    for (observance, observer) in observances {
      let change = read()
      pending.append(PendingNotification(observance: observance, observer: observer, change: change))
      guard observance.options.contains(.prior) else { continue }
      var notification = change.dictionary(isPrior: true)
      if observance.options.contains(.old), let old = old(of: observance, in: change) {
        notification[.oldKey] = Boxing.box(old)
      }
      call(observer, for: observance, with: notification, isPrior: true, hook: hook)
    }
    KVOShim.registry.withLock { $0.push(pending, for: pendingKey(key)) }
  }

  /// The did-change half, as Apple's `NSKeyValueDidChange` pops pending notifications: last
  /// pushed first, so the newest registration is notified first; each only while a
  /// registration like its own is still there (one removed by an earlier callout is not
  /// called), and with the new value read just before its callout.
  private func didChange(forKey key: String, new: (PendingChange) -> Any?) {
    guard let pending = KVOShim.registry.withLock({ $0.pop(for: pendingKey(key)) }) else {
      KVOShim.stop("didChangeValue for \"\(key)\" of \(KVOShim.identify(self)) without a matching willChangeValue")
    }
    for notification in pending.reversed() {
      let (registered, hook) = KVOShim.registry.withLock { state in
        (state.registration(like: notification.observance, of: self), state.beforeCallout)
      }
      guard let observance = registered else { continue }
      let change = notification.change
      // A chain moves to the new value of its first key before its observer is notified.
      if let chain = observance.chain {
        guard change.kind == .setting else {
          KVOShim.stop("the model of KVO follows key paths through to-one relationships, not through \"\(key)\"")
        }
        chain.move(from: Boxing.unwrapped(change.old) as? NSObject)
      }
      var dictionary = change.dictionary(isPrior: false)
      if observance.options.contains(.old), change.kind == .setting || change.old != nil {
        dictionary[.oldKey] = Boxing.box(old(of: observance, in: change))
      }
      if observance.options.contains(.new) {
        let newValue = observance.chain == nil ? new(change) : value(forKeyPath: observance.keyPath)
        if change.kind == .setting || newValue != nil { dictionary[.newKey] = Boxing.box(newValue) }
      }
      call(notification.observer, for: observance, with: dictionary, isPrior: false, hook: hook)
    }
  }

  /// The old value `observance` is told of: the key's, or for a key path the whole path's,
  /// read from the old value of its first key (kept alive by `change`).
  private func old(of observance: Observance, in change: PendingChange) -> Any? {
    guard let chain = observance.chain else { return change.old }
    let old = (Boxing.unwrapped(change.old) as? NSObject)?.value(forKeyPath: chain.rest)
    return old as Any  // a nil on the way is a value: NSNull
  }

  /// The observers to call, retained while the lock is held, as Apple retains them
  /// (`KVO_IS_RETAINING_ALL_OBSERVERS_OF_THIS_OBJECT_IF_IT_CRASHES_AN_OBSERVER_WAS_OVERRELEASED_OR_SMASHED`):
  /// one removed and released meanwhile on another thread still gets its `.prior`
  /// notification, and stays alive until its pending notification is popped.
  private func retained(_ observances: [Observance]) -> [(observance: Observance, observer: NSObject)] {
    observances.map { ($0, $0.retainedObserver(of: KVOShim.identify(self))) }
  }

  /// One callout, with the model's lock released.
  private func call(
    _ observer: NSObject,
    for observance: Observance,
    with change: [NSKeyValueChangeKey: Any],
    isPrior: Bool,
    hook: (@Sendable (KVOShim.Callout) -> Void)?
  ) {
    hook?(KVOShim.Callout(keyPath: observance.keyPath, isPrior: isPrior))
    observer.observeValue(forKeyPath: observance.keyPath, of: self, change: change, context: observance.context)
  }

  private func pendingKey(_ key: String) -> Registry.PendingKey {
    Registry.PendingKey(subject: ObjectIdentifier(self), key: key, thread: ObjectIdentifier(Thread.current))
  }
}

extension PendingChange {
  /// The keys every notification of this change has: the kind, the indexes of a to-many
  /// change, and the prior flag of a will-change notification.
  func dictionary(isPrior: Bool) -> [NSKeyValueChangeKey: Any] {
    var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: kind.rawValue)]
    if let indexes { change[.indexesKey] = NSIndexSet(indexSet: indexes) }
    if isPrior { change[.notificationIsPriorKey] = NSNumber(value: true) }
    return change
  }
}
#endif
