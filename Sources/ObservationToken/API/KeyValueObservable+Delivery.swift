import Dispatch

extension KeyValueObservable where Self: Sendable {
  /// Calls a handler on a dispatch queue each time the value at a key path changes.
  ///
  /// Every change is delivered, in the order the changes were made (use a serial queue,
  /// such as `DispatchQueue.main`, to keep that order), each with its own old and new
  /// values — nothing is coalesced. Calls run asynchronously, so by the time one runs the
  /// object may have changed again.
  ///
  /// A `.prior` call is queued before the call for its change and carries the old value,
  /// but it runs later than the change itself: the object may already hold the new value.
  /// An `.initial` call is queued at once, before any change.
  ///
  /// The subject and the values cross to the queue, so both must be `Sendable` — a
  /// `@MainActor` model class is. After ``ObservationToken/invalidate()`` returns, no
  /// call starts, including calls already queued.
  ///
  /// The handler is `@Sendable` and isolated to no actor, whichever queue it runs on —
  /// `DispatchQueue.main` included — so it does the queue's work (saving, indexing) and
  /// cannot set a `@MainActor` view's properties. To update views, observe on
  /// `MainActor.shared` instead.
  ///
  /// ```swift
  /// let token = model.observe(\.progress, on: saveQueue) { model, change in
  ///   autosave.record(progress: change.newValue!)   // a Sendable store, on its queue
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch; chains and computed properties work.
  ///   - options: Extra calls: ``KeyValueObservingOptions/initial``, ``KeyValueObservingOptions/prior``.
  ///   - queue: Where the handler runs.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject and the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    observe(
      keyPath,
      options: options,
      on: queue,
      file: file,
      line: line,
      delivering: { ObservedDelivery(subject: $0, change: $1) }
    ) { delivered in
      changeHandler(delivered.subject, delivered.change)
    }
  }

  /// Calls a main-actor handler each time the value at a key path changes: the form for
  /// `@MainActor` code such as a view controller keeping its views in step with a model.
  ///
  /// Calls are queued on the main queue in change order, whichever thread makes the
  /// change, with the same rules as
  /// ``observe(_:options:on:file:line:changeHandler:)-(_,_,_,_,_,(Self,ObservedChange<Value>)->Void)``
  /// — except that, called from the main actor, its `.initial` call is made before
  /// `observe` returns, as KVO's is; later changes are queued behind it. The handler is
  /// `@MainActor`: it may set views' properties.
  ///
  /// ```swift
  /// @MainActor final class DocumentViewController {
  ///   let model: DocumentModel          // a @MainActor KeyValueObservable class
  ///   let titleLabel = UILabel()
  ///   var bag = ObservationBag()
  ///   func bind() {
  ///     model.observe(\.title, options: [.initial], on: MainActor.shared) { [weak self] _, change in
  ///       self?.titleLabel.text = change.newValue
  ///     }.store(in: &bag)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch.
  ///   - options: Extra calls: `.initial`, `.prior`.
  ///   - actor: `MainActor.shared`.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Runs on the main actor with the subject and the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @MainActor @Sendable (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    observe(
      keyPath,
      options: options,
      on: .main,
      initialInPlace: MainQueue.isCurrent,
      file: file,
      line: line,
      delivering: { ObservedDelivery(subject: $0, change: $1) }
    ) { delivered in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { changeHandler(delivered.subject, delivered.change) }
    }
  }
}

extension KeyValueObservable {
  /// Calls a handler on a dispatch queue with each change of the value at a key path:
  /// the form for any model, `Sendable` or not, since only the change crosses to the queue.
  ///
  /// Every change is delivered, in the order the changes were made (use a serial queue,
  /// such as `DispatchQueue.main`, to keep that order), each with its own old and new
  /// values. The rules are those of the form that also passes the subject: `.prior` calls
  /// are queued before their change, `.initial` at once, and after
  /// ``ObservationToken/invalidate()`` returns no call starts, queued ones included.
  ///
  /// As in that form, the handler is `@Sendable` and isolated to no actor, on any queue:
  /// it does the queue's work; views are updated from the main-actor form.
  ///
  /// ```swift
  /// let token = document.observe(\.title, on: indexQueue) { change in
  ///   searchIndex.update(title: change.newValue!)   // a Sendable index, on its queue
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch; chains and computed properties work.
  ///   - options: Extra calls: ``KeyValueObservingOptions/initial``, ``KeyValueObservingOptions/prior``.
  ///   - queue: Where the handler runs.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the change; its values must be `Sendable`.
  /// - Returns: The token that owns the observation; releasing it ends it.
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @Sendable (ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    observe(keyPath, options: options, on: queue, file: file, line: line, delivering: { $1 }, changeHandler)
  }

  /// Calls a main-actor handler with each change of the value at a key path, whichever
  /// thread makes it, for any model: only the change crosses to the main actor.
  ///
  /// Calls are queued on the main queue in change order, with the same rules as
  /// ``observe(_:options:on:file:line:changeHandler:)-(_,_,DispatchQueue,_,_,(ObservedChange<Value>)->Void)``
  /// — except that, called from the main actor, its `.initial` call is made before
  /// `observe` returns; later changes are queued behind it. The handler is `@MainActor`:
  /// it may set views' properties.
  ///
  /// ```swift
  /// document.observe(\.title, on: MainActor.shared) { [weak self] change in
  ///   self?.titleLabel.text = change.newValue
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch.
  ///   - options: Extra calls: `.initial`, `.prior`.
  ///   - actor: `MainActor.shared`.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Runs on the main actor with the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  public func observe<Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    observe(
      keyPath,
      options: options,
      on: .main,
      initialInPlace: MainQueue.isCurrent,
      file: file,
      line: line,
      delivering: { $1 }
    ) { change in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { changeHandler(change) }
    }
  }

  /// An observation whose handler queues `payload(subject, change)` on a
  /// ``ScheduledDelivery`` that runs `handler` on `queue` — every change, or keeping the
  /// latest only: the one mechanism behind every form above, the value-only forms of
  /// `observe(_:initial:on:delivery:)`, and bindings on the main actor.
  ///
  /// With `initialInPlace` — the caller runs on `queue` now, as a main-actor caller runs on
  /// the main queue — the `.initial` call is made before this returns, as KVO's `.initial`
  /// is synchronous; later changes are queued behind it. With a `binding`, the token holds
  /// it in front of the delivery, and the target's release ends the observation.
  /// Inlinable, so that the path every change takes is specialized in the client, as
  /// `observe`'s is.
  @inlinable
  func observe<Value, Payload: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    on queue: DispatchQueue,
    initialInPlace: Bool = false,
    binding: Binding? = nil,
    keepingLatestOnly: Bool = false,
    file: StaticString,
    line: UInt,
    delivering payload: @escaping (Self, ObservedChange<Value>) -> Payload,
    _ handler: @escaping @Sendable (Payload) -> Void
  ) -> ObservationToken {
    let delivery = ScheduledDelivery<Payload>(
      on: queue, keepingLatestOnly: keepingLatestOnly, madeAt: CompactSourceLocation(file: file, line: line),
      handler: handler)
    let schedule = ErasedChangeHandler(ending: delivery) { subject, change in
      if let binding, !binding.hasTarget { return false }
      change.readChange(of: Value.self) { change in
        delivery.schedule(payload(unsafeDowncast(subject, to: Self.self), change))
      }
      return true
    }
    let registration = register(
      keyPath, options: options.tokenOptions, handler: .specialized(schedule), file: file, line: line)
    let start = { ObservationToken(starting: registration, through: delivery, then: binding) }
    guard initialInPlace, options.contains(.initial) else { return start() }
    var token: ObservationToken?
    delivery.startingInline { token = start() }
    return token!
  }
}
