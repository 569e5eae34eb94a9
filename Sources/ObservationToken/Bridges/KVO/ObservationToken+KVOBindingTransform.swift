#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Binds an `@objc dynamic` property of an `NSObject` to a property of a target of
  /// another type, through KVO and `transform`: applies the transformed current value now,
  /// then every change's.
  ///
  /// The binding of ``KeyValueObservable/bind(_:to:_:file:line:transform:)`` for KVO: the
  /// target is written synchronously, on the thread that made the change, and held weakly;
  /// the binding ends when it is released, or when the subject is.
  ///
  /// ```swift
  /// ObservationToken(binding: player, \.rate, to: rateLabel, \.text) { rate in
  ///   rate == 0 ? "Paused" : "\(rate)×"
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to follow; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - transform: Makes the target's value from the subject's.
  public convenience init<Subject: NSObject, Value, Target: AnyObject, TargetValue>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping (Value) -> TargetValue
  ) {
    self.init(binding: subject, keyPath, to: target, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = transform(value)
    }
  }
}
#endif
