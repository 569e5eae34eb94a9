#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservedValues {
  /// The values of an `@objc dynamic` property of an `NSObject` as an asynchronous
  /// sequence, through KVO: the current value first, then the value after each change.
  ///
  /// As with ``KeyValueObservable/values(of:bufferingPolicy:file:line:)``, a consumer slower
  /// than the changes gets the newest value by default (`.bufferingNewest(1)`); pass
  /// `.unbounded` to receive every value. The sequence ends when the subject is released;
  /// cancelling the consuming task ends the observation.
  ///
  /// ```swift
  /// for await status in ObservedValues(observing: player, \.status) {
  ///   if status == .readyToPlay { player.play() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to observe; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - bufferingPolicy: What to keep while the consumer is busy.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  public init<Subject: NSObject>(
    observing subject: Subject,
    _ keyPath: KeyPath<Subject, Element>,
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .bufferingNewest(1),
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(bufferingPolicy: bufferingPolicy) { yield in
      ObservationToken(observing: subject, keyPath, options: [.initial], file: file, line: line) { subject, change in
        yield(change.wholeValue { subject[keyPath: keyPath] })
      }
    }
  }
}
#endif
