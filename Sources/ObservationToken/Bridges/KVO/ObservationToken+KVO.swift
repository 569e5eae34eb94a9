#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Observes an `@objc dynamic` property of an `NSObject` through Apple's key-value
  /// observing, with the guarantees of every other token.
  ///
  /// One observer object per token registers with `addObserver(_:forKeyPath:options:context:)`
  /// under a context of its own, so two tokens on the same key path of the same object — a
  /// superclass's and a subclass's — never see each other's changes. The handler gets the
  /// same ``ObservedChange`` as for an `@Observed` property: typed old and new values, read
  /// as Foundation's `observe(_:options:changeHandler:)` reads them (`nil` from `NSNull` for
  /// an optional value, while an `Any`, `AnyObject` or `NSNull` property keeps its `NSNull`;
  /// numbers from `NSNumber`, `@objc enum`s from their raw value), the kind and indexes of a
  /// to-many change, `isPrior`.
  ///
  /// It runs synchronously on the thread that made the change, as KVO calls, and in KVO's
  /// order: tokens on one key path of one object are called newest registration first
  /// after a change, and in registration order for `.prior` — not in the engine's
  /// registration order. The
  /// registration is removed exactly once: on ``invalidate()`` (from any thread, from
  /// inside the handler, even from the `.initial` call), when the token is released, or
  /// when the subject is deallocated — the token then becomes invalid. After
  /// `invalidate()` returns the handler never starts again, even for a notification KVO is
  /// still delivering on another thread. The subject is not retained.
  ///
  /// ```swift
  /// let token = ObservationToken(observing: player, \.rate, options: [.initial]) { player, change in
  ///   rateLabel.text = "\(change.newValue ?? 0)×"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property, or a path of them. Any other key path stops
  ///     the program with a message naming it: KVO could never report its changes.
  ///   - options: Extra moments to call the handler: ``KeyValueObservingOptions/initial``,
  ///     ``KeyValueObservingOptions/prior``. (Old and new values always come.)
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject and the change.
  public convenience init<Subject: NSObject, Value>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Subject, ObservedChange<Value>) -> Void
  ) {
    let subscription = KVOSubscription(
      observing: subject,
      keyPath,
      handler: ChangeHandler(changeHandler),
      file: file,
      line: line
    )
    self.init(subscription)
    subscription.start(options: options)
  }
}

extension ObservationToken {
  /// Observes an `@objc dynamic` property of an `NSObject`, passing the token so the
  /// handler can end its own observation — even from the `.initial` call, in which case it
  /// has ended when the initializer returns (KVO's registration is removed once
  /// `addObserver` has returned, as removing it sooner raises).
  ///
  /// ```swift
  /// let token = ObservationToken(observing: operation, \.isFinished, options: [.initial]) { _, change, token in
  ///   if change.newValue == true { token.invalidate() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - options: Extra moments to call the handler: `.initial`, `.prior`.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject, the change and this observation's token.
  public convenience init<Subject: NSObject, Value>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Subject, ObservedChange<Value>, ObservationToken) -> Void
  ) {
    // Weak: the token owns the subscription; it is filled in before the first call.
    let tokenReference = WeakReference<ObservationToken>()
    let handler = ChangeHandler<Subject, Value> { subject, change in
      guard let token = tokenReference.object else { return }
      changeHandler(subject, change, token)
    }
    let subscription = KVOSubscription(observing: subject, keyPath, handler: handler, file: file, line: line)
    self.init(subscription)
    tokenReference.object = self
    subscription.start(options: options)
  }
}

extension ObservationToken {
  /// Observes an `@objc dynamic` property of an `NSObject`, skipping assignments of a value
  /// equal to the one it replaces: KVO reports every assignment, equal or not, and a
  /// handler that writes back (a binding in the other direction, a formatter) would
  /// otherwise run again for nothing.
  ///
  /// `.initial` and to-many changes always come. With `.prior` nothing is skipped: the
  /// call before a change is made before the new value is known, and it is always followed
  /// by its call after the change, so an equal assignment arrives as both calls.
  ///
  /// ```swift
  /// let token = ObservationToken(observing: player, \.status, removingDuplicates: true) { player, change in
  ///   statusLabel.text = "\(change.newValue ?? .unknown)"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - options: Extra moments to call the handler: `.initial`, `.prior`.
  ///   - removingDuplicates: Whether to skip assignments of an equal value; with `.prior`,
  ///     nothing is skipped.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject and the change.
  public convenience init<Subject: NSObject, Value: Equatable>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    removingDuplicates: Bool,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Subject, ObservedChange<Value>) -> Void
  ) {
    // The engine's duplicate test, as `observe(_:removingDuplicates:)` uses it; never with
    // `.prior`, whose call before a change is never left without the call after it.
    let skipsDuplicates = removingDuplicates && !options.contains(.prior)
    self.init(observing: subject, keyPath, options: options, file: file, line: line) { subject, change in
      if skipsDuplicates, change.isDuplicate { return }
      changeHandler(subject, change)
    }
  }
}

extension KVOSubscription {
  /// A subscription for `keyPath` of `subject` whose handler reads changes of `Value`;
  /// stops when KVO cannot observe the key path.
  convenience init<Subject: NSObject, Value>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    handler: SubscriptionHandler,
    file: StaticString,
    line: UInt
  ) {
    guard let name = keyPath._kvcKeyPathString else {
      Misuse.notKeyValueObservable(keyPath, on: Subject.self, at: .call(file: file, line: line))
    }
    self.init(
      observing: subject,
      keyPath: name,
      rootType: Subject.self,
      observedAt: SourceLocation(file: file, line: line),
      handler: handler
    ) { change, body in
      ErasedValue.with(KVOChangeReader<Value>.change(from: change), body)
    }
  }
}
#endif
