#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Observes an `@objc dynamic` property of an `NSObject` through KVO, calling the handler
  /// on a dispatch queue with each change.
  ///
  /// Every change is delivered, in the order KVO reported them (use a serial queue to keep
  /// that order), each with its own old and new values; `.prior` calls are queued before
  /// their change, `.initial` at once. After ``invalidate()`` returns no call starts,
  /// queued ones included. Only the change crosses to the queue, so its values must be
  /// `Sendable`; the handler does the queue's work — views are updated from the
  /// main-actor form.
  ///
  /// ```swift
  /// let token = ObservationToken(observing: operation, \.isFinished, on: saveQueue) { change in
  ///   if change.newValue == true { journal.record(finished: true) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - options: Extra calls: `.initial`, `.prior`.
  ///   - queue: Where the handler runs.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the change.
  public convenience init<Subject: NSObject, Value: Sendable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    on queue: DispatchQueue,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @Sendable (ObservedChange<Value>) -> Void
  ) {
    self.init(
      observing: subject,
      keyPath,
      options: options,
      on: queue,
      initialInPlace: false,
      file: file,
      line: line,
      delivering: { _, change in change },
      changeHandler
    )
  }

  /// Observes an `@objc dynamic` property of an `NSObject` through KVO, calling a
  /// main-actor handler with each change, whichever thread makes it: the form for keeping
  /// views in step with an object such as a player.
  ///
  /// Calls are queued on the main queue in change order, with the rules of the queue form —
  /// except that, made on the main actor, the `.initial` call runs before the initializer
  /// returns, as KVO's does; later changes are queued behind it.
  ///
  /// ```swift
  /// ObservationToken(observing: player, \.rate, options: [.initial], on: MainActor.shared) { [weak self] change in
  ///   self?.rateLabel.text = "\(change.newValue ?? 0)×"
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - options: Extra calls: `.initial`, `.prior`.
  ///   - actor: `MainActor.shared`.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Runs on the main actor with the change.
  public convenience init<Subject: NSObject, Value: Sendable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    on actor: MainActor,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Void
  ) {
    self.init(
      observing: subject,
      keyPath,
      options: options,
      on: .main,
      initialInPlace: MainQueue.isCurrent,
      file: file,
      line: line,
      delivering: { _, change in change }
    ) { change in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { changeHandler(change) }
    }
  }

  /// The KVO subscription decorated with a ``ScheduledDelivery`` on `queue`, per change or
  /// newest only as `delivery` says — the mechanism behind the engine's deliveries
  /// elsewhere, reused as it is — and, for a
  /// binding, with its ``Binding`` around that. `payload` makes what crosses to the queue
  /// from the subject (given untyped: only a binding reads it) and the change; with
  /// `initialInPlace` (the caller is on `queue`), the `.initial` call runs before this
  /// returns.
  convenience init<Subject: NSObject, Value, Payload: Sendable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions,
    on queue: DispatchQueue,
    initialInPlace: Bool,
    binding: Binding? = nil,
    delivery: ValueDelivery = .everyChange,
    file: StaticString,
    line: UInt,
    delivering payload: @escaping (AnyObject, ObservedChange<Value>) -> Payload,
    _ handler: @escaping @Sendable (Payload) -> Void
  ) {
    let scheduled = ScheduledDelivery<Payload>(
      on: queue, keepingLatestOnly: delivery.keepsLatestOnly, handler: handler)
    let onChange = ErasedChangeHandler(ending: scheduled) { subject, change in
      if let binding, !binding.hasTarget { return false }
      change.readChange(of: Value.self) { scheduled.schedule(payload(subject, $0)) }
      return true
    }
    let subscription = KVOSubscription(observing: subject, keyPath, handler: onChange, file: file, line: line)
    scheduled.decorate(subscription)
    // Without a binding the token holds the delivery; with one, the binding around it.
    self.init(scheduled, through: binding)
    guard initialInPlace, options.contains(.initial) else {
      subscription.start(options: options)
      return
    }
    scheduled.startingInline { subscription.start(options: options) }
  }
}
#endif
