extension KeyValueObservable {
  /// Registers a raw observer for a key path of this object, as KVO's method of the same
  /// name does.
  ///
  /// The observer's ``KeyValueObserving/observeValue(forKeyPath:of:change:context:)``
  /// runs synchronously on the thread that makes each change, after the new value is
  /// stored, in registration order. The observer is held weakly: if it is released
  /// while registered it is never messaged again and its registration is pruned.
  /// Registering the same observer, key path and context twice registers twice.
  ///
  /// ```swift
  /// nonisolated(unsafe) private static var context = 0    // as ported from KVO
  /// document.addObserver(observer, forKeyPath: \Document.title, options: [.old, .new], context: &Self.context)
  /// ```
  ///
  /// A global or static `var` is shared mutable state, which Swift 6 accepts only marked
  /// `nonisolated(unsafe)`; new code can use a ``KeyValueObservingContext``, a `static let`
  /// whose identity is the context.
  ///
  /// - Parameters:
  ///   - observer: Receives the changes; held weakly.
  ///   - keyPath: What to observe: an `@Observed` property, a chain through several
  ///     objects, or a computed property reading `@Observed` ones. A key path that reads
  ///     none can never change and stops the program with a message naming it.
  ///   - options: Which values the changes carry (`.old`, `.new`) and which extra calls
  ///     to make (`.initial` now, `.prior` before each change).
  ///   - context: A pointer that tells this registration apart, as in KVO.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  @inlinable
  public func addObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    addRawObserver(
      observer,
      forKeyPath: keyPath,
      options: options,
      context: context,
      keeping: nil,
      file: file,
      line: line
    )
  }

  /// Registers a raw observer; the registration keeps `owner` (a context object) alive.
  @inlinable
  func addRawObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer?,
    keeping owner: AnyObject?,
    file: StaticString,
    line: UInt
  ) {
    let erasedKeyPath: AnyKeyPath = keyPath
    let forward = ErasedChangeHandler { [weak observer, owner] subject, change in
      guard let observer else { return false }
      _ = owner  // kept for the registration's lifetime
      observer.observeValue(
        forKeyPath: erasedKeyPath,
        of: subject,
        change: change.readChange(of: Value.self) { $0.keyValueChange(for: options) },
        context: context
      )
      return true
    }
    let registration = register(
      keyPath,
      options: options,
      context: context,
      observer: observer,
      handler: .specialized(forward),
      file: file,
      line: line
    )
    // Filed before the `.initial` call, which may remove it again.
    RawRegistrations.add(registration.registration, of: observer, on: self)
    registration.start()
  }

  /// Removes the most recent registration of `observer` for `keyPath` with `context`.
  ///
  /// Removing from the observer's own `deinit`, as code ported from KVO does, succeeds:
  /// the observer is held weakly, and a weak reference reads `nil` once `deinit` begins,
  /// so the registration is then found by the observer's identity — whatever the timing,
  /// also when a change on another thread has already pruned it, however many other
  /// observers of the object were pruned meanwhile. A second removal still throws, and a
  /// later object that happens to get the released observer's address never removes that
  /// observer's registrations. An observer that never removes itself leaves nothing behind
  /// once its `deinit` has finished.
  ///
  /// ```swift
  /// deinit {
  ///   try? document.removeObserver(self, forKeyPath: \Document.title, context: &Self.context)
  /// }
  /// ```
  ///
  /// - Throws: ``KeyValueObservingError/notRegistered(observerType:keyPath:context:)``
  ///   when there is no such registration; nothing else is changed. To name the key path
  ///   as written, that error reads it once, as adding an observer does.
  public func removeObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>,
    context: UnsafeMutableRawPointer?
  ) throws(KeyValueObservingError) {
    try removeRegistration(of: observer, for: keyPath, context: .some(context))
  }

  /// Removes the most recent registration of `observer` for `keyPath`, whatever its
  /// context, as KVO's method without a context does.
  ///
  /// Removing from the observer's own `deinit` succeeds, as with a context.
  ///
  /// - Throws: ``KeyValueObservingError/notRegistered(observerType:keyPath:context:)``
  ///   when there is no such registration; nothing else is changed. To name the key path
  ///   as written, that error reads it once, as adding an observer does.
  public func removeObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>
  ) throws(KeyValueObservingError) {
    try removeRegistration(of: observer, for: keyPath, context: .none)
  }

  /// Finds the registration in the raw layer's table, without reading the property:
  /// removal is safe from any thread, even while the property is being set. Only a
  /// removal that finds nothing reads the key path, to name it in the error.
  private func removeRegistration<Value>(
    of observer: any KeyValueObserving,
    for keyPath: KeyPath<Self, Value>,
    context: UnsafeMutableRawPointer??
  ) throws(KeyValueObservingError) {
    let removing = RemovingObserver(observer)
    while true {
      let candidates = RawRegistrations.registrations(on: self).filter {
        $0.info.matches(observer: removing, keyPath: keyPath, context: context)
      }
      guard let latest = candidates.max(by: { $0.info.sequence < $1.info.sequence }) else {
        throw .notRegistered(
          observerType: String(describing: type(of: observer)),
          keyPath: keyPathName(keyPath),
          context: context.map { $0.map { String(describing: $0) } ?? "nil" }
        )
      }
      // Taken out of the table first, so that each registration is removed once; one
      // pruned already (its observer in `deinit`) has ended, and invalidating it does
      // nothing more.
      if RawRegistrations.take(latest, on: self) {
        latest.invalidate()
        return
      }
      // Another removal of the same observer took it first: look again.
    }
  }

  /// `keyPath` as written, for the error of a removal that found nothing: evaluated once
  /// to learn which `@Observed` properties it reads, then named by reflection (see
  /// ``PropertyName``). Only this failing path reads the key path.
  private func keyPathName<Value>(_ keyPath: KeyPath<Self, Value>) -> String {
    var lists: [SubscriberSource] = []
    var value: Value?
    DependencyTracking.track(evaluating: keyPath, observedAt: (.change, self)) {
      value = self[keyPath: keyPath]
    } then: { dependencies in
      lists = dependencies.map(\.observers.source)
    }
    return PropertyName.of(keyPath, reading: lists, from: self, value: value as Any)
  }
}
