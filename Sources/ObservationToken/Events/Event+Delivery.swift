import Dispatch

extension Event where Parameter: Sendable {
  /// Calls `handler` on a dispatch queue with every value sent from now on.
  ///
  /// Each send queues one call, in send order (use a serial queue, such as
  /// `DispatchQueue.main`, to run them in that order). This is the delivery
  /// ``KeyValueObservable/observe(_:options:on:file:line:changeHandler:)-(_,_,_,_,_,(Self,ObservedChange<Value>)->Void)``
  /// uses: after ``ObservationToken/invalidate()`` returns no call starts, including calls
  /// already queued.
  ///
  /// The handler is `@Sendable` and isolated to no actor, whichever queue it runs on —
  /// `DispatchQueue.main` included — so it does the queue's work and cannot set a
  /// `@MainActor` view's properties. To update views, subscribe on `MainActor.shared`.
  ///
  /// ```swift
  /// let token = downloader.finished.subscribe(on: archiveQueue) { url in
  ///   archive.add(url)   // a Sendable archive, on its queue
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - queue: Where the handler runs.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives each sent value, on `queue`.
  /// - Returns: The token that owns the subscription.
  public func subscribe(
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    subscribe(on: queue, origin: SubscriptionOrigin(.queue, file: file, line: line), handler)
  }

  /// Calls a main-actor `handler` with every value sent from now on, whichever thread
  /// sends it: the form for `@MainActor` code such as a view controller.
  ///
  /// Calls are queued on the main queue in send order, with the same rules as
  /// ``subscribe(on:file:line:_:)-(DispatchQueue,_,_,_)``. The handler is `@MainActor`: it
  /// may set views' properties.
  ///
  /// ```swift
  /// downloader.finished.subscribe(on: MainActor.shared) { [weak self] url in
  ///   self?.statusLabel.text = "Downloaded \(url.lastPathComponent)"
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - actor: `MainActor.shared`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Runs on the main actor with each sent value.
  /// - Returns: The token that owns the subscription.
  public func subscribe(
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @MainActor @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    subscribe(on: .main, origin: SubscriptionOrigin(.mainActor, file: file, line: line)) { parameter in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { handler(parameter) }
    }
  }

  /// A subscription that queues each value on a ``ScheduledDelivery``, which the token
  /// holds.
  private func subscribe(
    on queue: DispatchQueue,
    origin: SubscriptionOrigin,
    _ handler: @escaping @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    let delivery = ScheduledDelivery<Parameter>(on: queue, handler: handler)
    return subscribe(QueuedSubscription(source: source, origin: origin, delivery: delivery), through: delivery)
  }
}
