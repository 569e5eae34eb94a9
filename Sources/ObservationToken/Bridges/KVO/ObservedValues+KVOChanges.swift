#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservedValues {
  /// The changes of an `@objc dynamic` property of an `NSObject` as an asynchronous
  /// sequence of ``ObservedChange``s, through KVO: what
  /// ``KeyValueObservable/changes(of:options:bufferingPolicy:file:line:)`` is for a
  /// `KeyValueObservable` class.
  ///
  /// By default every change is kept until consumed, in order (`.unbounded`). The sequence
  /// ends when the subject is released; cancelling the consuming task ends the observation.
  ///
  /// ```swift
  /// for await change in ObservedValues(changesOf: player, \.rate) {
  ///   print(change.oldValue ?? 0, "→", change.newValue ?? 0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - options: Extra elements: `.initial` (the current value first), `.prior`.
  ///   - bufferingPolicy: What to keep while the consumer is busy.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  public init<Subject: NSObject, Value: Sendable>(
    changesOf subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    options: KeyValueObservingOptions = [],
    bufferingPolicy: AsyncStream<ObservedChange<Value>>.Continuation.BufferingPolicy = .unbounded,
    file: StaticString = #fileID,
    line: UInt = #line
  ) where Element == ObservedChange<Value> {
    self.init(bufferingPolicy: bufferingPolicy) { yield in
      ObservationToken(observing: subject, keyPath, options: options, file: file, line: line) { _, change in
        yield(change)
      }
    }
  }
}
#endif
