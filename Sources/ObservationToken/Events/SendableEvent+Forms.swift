import Dispatch

extension SendableEvent {
  /// Calls a method of a `Sendable` target with every value sent from now on, at once, on
  /// the sending thread — whichever isolation domain that is, so the target is `Sendable`
  /// (an actor-free class that guards its own state, say). It is held weakly: the
  /// subscription ends when its token is released or the target is, as an ``Event``'s
  /// target–action subscription does.
  ///
  /// ```swift
  /// service.progress.subscribe(progressLog, ProgressLog.record).store(in: &bag)
  /// ```
  ///
  /// For a `@MainActor` target, subscribe on `MainActor.shared` and call it from there.
  ///
  /// - Parameters:
  ///   - target: The object whose method runs; held weakly.
  ///   - action: The method, such as `ProgressLog.record`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription.
  public func subscribe<Target: AnyObject & Sendable>(
    _ target: Target,
    _ action: @escaping @Sendable (Target) -> (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    Event(source: source).subscribe(target, action, file: file, line: line)
  }

  /// Calls a method of a `Sendable` target with the next value sent, once; see
  /// ``Event/subscribeOnce(_:_:file:line:)``.
  ///
  /// - Parameters:
  ///   - target: The object whose method runs; held weakly.
  ///   - action: The method.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; invalid once the method was called or
  ///   the target released.
  public func subscribeOnce<Target: AnyObject & Sendable>(
    _ target: Target,
    _ action: @escaping @Sendable (Target) -> (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    Event(source: source).subscribeOnce(target, action, file: file, line: line)
  }

  /// Calls `handler` on a dispatch queue with the next value sent, once; see
  /// ``Event/subscribeOnce(on:file:line:_:)-(DispatchQueue,_,_,_)``.
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
    Event(source: source).subscribeOnce(on: queue, file: file, line: line, handler)
  }

  /// Calls a main-actor `handler` with the next value sent, once: the form for `@MainActor`
  /// code waiting for an actor's first value; see
  /// ``Event/subscribeOnce(on:file:line:_:)-(MainActor,_,_,_)``.
  ///
  /// ```swift
  /// service.progress.subscribeOnce(on: MainActor.shared) { [weak self] value in
  ///   self?.progressView.isHidden = false
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
    Event(source: source).subscribeOnce(on: actor, file: file, line: line, handler)
  }
}
