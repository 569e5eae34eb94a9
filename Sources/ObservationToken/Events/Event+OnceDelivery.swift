import Dispatch

extension Event where Parameter: Sendable {
  /// Calls `handler` on a dispatch queue with the next value sent, once.
  ///
  /// The first send claims the call, on the sending thread, as
  /// ``subscribeOnce(_:file:line:)`` claims its: the subscription ends then — its token is
  /// invalid, and no other send, on any thread, queues a second call — and the call runs on
  /// `queue`, unless the token is invalidated or released before it starts.
  ///
  /// ```swift
  /// downloader.finished.subscribeOnce(on: archiveQueue) { url in
  ///   archive.add(url)   // the first download only, on the archive's queue
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - queue: Where the handler runs.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives the next sent value, on `queue`.
  /// - Returns: The token that owns the subscription; invalid once a send claimed the call.
  public func subscribeOnce(
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    subscribeOnce(on: queue, origin: SubscriptionOrigin(.queue, file: file, line: line), handler)
  }

  /// Calls a main-actor `handler` with the next value sent, once: the form for `@MainActor`
  /// code, with the claim of ``subscribeOnce(on:file:line:_:)-(DispatchQueue,_,_,_)``.
  ///
  /// ```swift
  /// downloader.finished.subscribeOnce(on: MainActor.shared) { [weak self] url in
  ///   self?.statusLabel.text = "First download: \(url.lastPathComponent)"
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - actor: `MainActor.shared`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Runs on the main actor with the next sent value.
  /// - Returns: The token that owns the subscription; invalid once a send claimed the call.
  public func subscribeOnce(
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping @MainActor @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    subscribeOnce(on: .main, origin: SubscriptionOrigin(.mainActor, file: file, line: line)) { parameter in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { handler(parameter) }
    }
  }

  /// A one-shot subscription that queues its call on a ``ScheduledDelivery``, which the
  /// token holds and which releases the handler once the call returns.
  private func subscribeOnce(
    on queue: DispatchQueue,
    origin: SubscriptionOrigin,
    _ handler: @escaping @Sendable (Parameter) -> Void
  ) -> ObservationToken {
    let called = WeakReference<ScheduledDelivery<Parameter>>()
    let delivery = ScheduledDelivery<Parameter>(on: queue) { parameter in
      handler(parameter)
      called.object?.end()
    }
    called.object = delivery
    return subscribe(OneShotQueuedSubscription(source: source, origin: origin, delivery: delivery), through: delivery)
  }
}

extension Event {
  /// Calls a method of `target` with the next value sent, once, at once on the sending
  /// thread, with the claim of ``subscribeOnce(_:file:line:)``; the target is held weakly,
  /// as target–action subscriptions hold it.
  ///
  /// ```swift
  /// downloader.finished.subscribeOnce(inbox, Inbox.downloaded).store(in: &inbox.bag)
  /// ```
  ///
  /// - Parameters:
  ///   - target: The object whose method runs; held weakly.
  ///   - action: The method, such as `Inbox.downloaded`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; invalid once the method was called or
  ///   the target released.
  public func subscribeOnce<Target: AnyObject>(
    _ target: Target,
    _ action: @escaping (Target) -> (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    let claimed = WeakReference<Subscription>()
    let origin = SubscriptionOrigin(.targetAction, file: file, line: line)
    let subscription = TargetActionSubscription(source: source, origin: origin, target: target) {
      (target: Target, parameter: Parameter) in
      // Ending claims the call: only one send does it.
      guard claimed.object?.end() == true else { return }
      action(target)(parameter)
    }
    claimed.object = subscription
    return subscribe(subscription)
  }
}
