#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Observes an `@objc dynamic` property of an `NSObject` through KVO, calling the handler
  /// on a dispatch queue with the value after it changes: every value in change order, or
  /// only the newest, as `delivery` says.
  ///
  /// With ``ValueDelivery/latest`` a change made while a call is waiting replaces its value:
  /// the handler runs at most once per queued call, with the value the property holds after
  /// the newest change, and the last value always arrives while the subject lives. With
  /// ``ValueDelivery/everyChange`` each change queues its own call, in the order KVO reported
  /// them. The value is read from the subject on the thread KVO reports the change on; only
  /// the value crosses to the queue, so it must be `Sendable`. After ``invalidate()``
  /// returns no call starts, a waiting one included.
  ///
  /// ```swift
  /// let token = ObservationToken(observing: download, \.fractionCompleted, on: saveQueue, delivery: .latest) {
  ///   fraction in resumeStore.record(fraction)   // the newest fraction, not each step
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - initial: Whether to queue a call with the current value at once.
  ///   - queue: Where the handler runs.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - valueHandler: Receives the value after the change.
  public convenience init<Subject: NSObject, Value: Sendable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    initial: Bool = false,
    on queue: DispatchQueue,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    valueHandler: @escaping @Sendable (Value) -> Void
  ) {
    self.init(
      observing: subject,
      keyPath,
      options: initial ? [.initial] : [],
      on: queue,
      initialInPlace: false,
      delivery: delivery,
      file: file,
      line: line,
      // KVO calls back with the object observed, a Subject.
      delivering: { subject, _ in (subject as! Subject)[keyPath: keyPath] },
      valueHandler
    )
  }

  /// Observes an `@objc dynamic` property of an `NSObject` through KVO, calling a
  /// main-actor handler with the value after it changes, whichever thread changes it: every
  /// value in change order, or only the newest, as `delivery` says.
  ///
  /// With ``ValueDelivery/latest`` the handler runs at most once per main-queue turn with the
  /// newest value, observations changed together are called in the order each was first
  /// changed, and the last value always arrives while the subject lives: the form for a view
  /// that shows a value other threads change faster than frames are drawn. Made on the main
  /// actor with `initial`, the first call runs before the initializer returns. After
  /// ``invalidate()`` returns no call starts, a waiting one included.
  ///
  /// ```swift
  /// ObservationToken(observing: download, \.fractionCompleted, initial: true, on: MainActor.shared,
  ///                  delivery: .latest) { [weak self] fraction in
  ///   self?.progressView.progress = Float(fraction)
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - initial: Whether to call the handler with the current value now.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - valueHandler: Runs on the main actor with the value after the change.
  public convenience init<Subject: NSObject, Value: Sendable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    initial: Bool = false,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    valueHandler: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    self.init(
      observing: subject,
      keyPath,
      options: initial ? [.initial] : [],
      on: .main,
      initialInPlace: MainQueue.isCurrent,
      delivery: delivery,
      file: file,
      line: line,
      delivering: { subject, _ in (subject as! Subject)[keyPath: keyPath] }
    ) { value in
      // The main queue runs on the main actor.
      MainActor.assumeIsolated { valueHandler(value) }
    }
  }
}
#endif
