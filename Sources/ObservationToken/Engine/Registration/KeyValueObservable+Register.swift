extension KeyValueObservable {
  /// Registers `handler` for the changes of `keyPath` on this object; the registration
  /// delivers nothing until it is started (see ``PendingRegistration/start()``), so its owner can
  /// hold it first — a handler may end it from the `.initial` call.
  ///
  /// Evaluates the key path once while tracking reads: a key path that is exactly one
  /// `@Observed` property of this object (declared here or in a superclass) gets a
  /// ``DirectRegistration``; anything else that reads at least one gets a
  /// ``DerivedRegistration``, which observes what the evaluation read at once. A key path
  /// that reads none can never report a change, so it stops with a message naming it, at
  /// the `file` and `line` the public call passes on: its caller's; so does one that reads
  /// a property Swift Observation cannot see though its object conforms to `Observable`
  /// (see ``UnseenObservable``). A direct registration keeps a plain change handler itself
  /// (``ClosureRegistration``); any other handler is a ``HandlerRegistration``'s. Always
  /// inlined, so that the key path reaches `track`'s body as the caller wrote it: a literal
  /// there is compiled to direct getter calls instead of the key-path runtime.
  @inlinable @inline(__always)
  func register<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: AnyObject? = nil,
    handler: RegistrationHandler<Self, Value>,
    file: StaticString,
    line: UInt
  ) -> PendingRegistration<Self, Value> {
    var evaluated: Value?
    var registration: PendingRegistration<Self, Value>?
    let info = RegistrationInfo(
      subject: self,
      keyPath: keyPath,
      options: options,
      context: context,
      observer: observer
    )
    // The reads are valid only inside `then`: decide and observe there.
    DependencyTracking.track(evaluating: keyPath, observedAt: (.call(file: file, line: line), self)) {
      evaluated = self[keyPath: keyPath]
    } then: { dependencies in
      DependencyTracking.requireObservable(
        dependencies,
        keyPath: keyPath,
        subjectType: Self.self,
        file: file,
        line: line
      )
      let isSettable = keyPath is ReferenceWritableKeyPath<Self, Value>
      let only = dependencies.startIndex
      if DirectRegistration.isDirectRead(of: self, dependencies, isSettable: isSettable),
        dependencies[only].returned(evaluated!)
      {
        UnseenObservable.requireSeen(dependencies[only].observers, file: file, line: line)
        let source = dependencies[only].observers.source
        let direct: DirectRegistration =
          switch handler {
          case .closure(let closure):
            ClosureRegistration(source: source, info: info, closure: closure, file: file, line: line)
          case .specialized(let handler): HandlerRegistration(source: source, info: info, handler: handler)
          }
        registration = PendingRegistration(direct: direct, subject: self, value: evaluated!)
        return
      }
      let typed = DerivedValue(keyPath: keyPath)
      let derived = DerivedRegistration(
        root: self,
        info: info,
        handler: handler.specialized,
        typed: typed.step,
        reading: dependencies,
        file: file,
        line: line
      )
      typed.observe(dependencies, of: derived, root: self, value: evaluated!)
      registration = PendingRegistration(derived: derived, typed: typed, subject: self, value: evaluated!)
    }
    return registration.unsafelyUnwrapped
  }
}
