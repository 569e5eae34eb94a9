import Dispatch

extension KeyValueObservable {
  /// Calls a handler on a dispatch queue with the value at a key path after it changes:
  /// every value in change order, or only the newest, as `delivery` says.
  ///
  /// With ``ValueDelivery/latest`` a change made while a call is waiting replaces its value:
  /// the handler runs at most once per queued call, with the newest value, and the last
  /// value always arrives. With ``ValueDelivery/everyChange`` each change queues its own call,
  /// as ``observe(_:options:on:file:line:changeHandler:)-(_,_,DispatchQueue,_,_,(ObservedChange<Value>)->Void)``
  /// does. The handler receives the whole value after the change (for a collection change,
  /// the collection); only the value crosses to the queue, so the model need not be
  /// `Sendable`. After ``ObservationToken/invalidate()`` returns no call starts, a waiting
  /// one included.
  ///
  /// ```swift
  /// let token = download.observe(\.progress, on: saveQueue, delivery: .latest) { progress in
  ///   resumeStore.record(progress)   // a Sendable store: the newest progress, not each step
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch; chains and computed properties work.
  ///   - initial: Whether to queue a call with the current value at once.
  ///   - queue: Where the handler runs.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - valueHandler: Receives the value after the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  @inlinable
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    initial: Bool = false,
    on queue: DispatchQueue,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    valueHandler: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    observe(
      keyPath,
      options: initial ? [.initial] : [],
      on: queue,
      keepingLatestOnly: delivery.keepsLatestOnly,
      file: file,
      line: line,
      delivering: { subject, change in subject.value(at: keyPath, after: change) },
      valueHandler
    )
  }

  /// Calls a main-actor handler with the value at a key path after it changes, whichever
  /// thread changes it: every value in change order, or only the newest, as `delivery` says.
  ///
  /// With ``ValueDelivery/latest`` the handler runs at most once per main-queue turn with the
  /// newest value, and the last value always arrives: the form for a view that shows a value
  /// other threads change faster than frames are drawn. Called from the main actor with
  /// `initial`, the first call is made before `observe` returns. The handler is `@MainActor`.
  ///
  /// ```swift
  /// download.observe(\.progress, initial: true, on: MainActor.shared, delivery: .latest) {
  ///   [weak self] progress in self?.progressView.progress = progress
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch; chains and computed properties work.
  ///   - initial: Whether to call the handler with the current value now.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - valueHandler: Runs on the main actor with the value after the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  @inlinable
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    initial: Bool = false,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    valueHandler: @escaping @MainActor @Sendable (Value) -> Void
  ) -> ObservationToken {
    observe(
      keyPath,
      options: initial ? [.initial] : [],
      on: .main,
      initialInPlace: MainQueue.isCurrent,
      keepingLatestOnly: delivery.keepsLatestOnly,
      file: file,
      line: line,
      delivering: { subject, change in subject.value(at: keyPath, after: change) }
    ) { value in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { valueHandler(value) }
    }
  }
}
