#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Binds an `@objc dynamic` property of an `NSObject` to a property of a target, one way,
  /// through KVO: applies the current value now, then every change.
  ///
  /// The target is written synchronously, on the thread that made the change, and held
  /// weakly; the binding ends when it is released, or when the subject is. A binding never
  /// re-enters itself, so two bindings in opposite directions settle instead of looping.
  ///
  /// ```swift
  /// ObservationToken(binding: player, \.rate, to: model, \.playbackRate).store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to follow; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  public convenience init<Subject: NSObject, Value, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(binding: subject, keyPath, to: target, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// Binds an `@objc dynamic` property of an `NSObject` to an optional property of a target
  /// of the same wrapped type, such as a `String` to a label's `String?` text.
  ///
  /// ```swift
  /// ObservationToken(binding: item, \.title, to: titleLabel, \.text).store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to follow; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  public convenience init<Subject: NSObject, Value, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(binding: subject, keyPath, to: target, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// The KVO subscription decorated with the engine's ``Binding``, reused as it is: the
  /// weak target, its release ending the binding, the guard against loops. The value is
  /// read from the subject, so a to-many change applies the whole new value.
  convenience init<Subject: NSObject, Value, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    file: StaticString,
    line: UInt,
    apply: @escaping (Target, Value) -> Void
  ) {
    let binding = Binding.make(to: target)
    let write = ErasedChangeHandler(ending: binding) { [weak target] subject, _ in
      guard let target, let subject = subject as? Subject else { return false }
      let value = subject[keyPath: keyPath]
      binding.apply { apply(target, value) }
      return true
    }
    let subscription = KVOSubscription(observing: subject, keyPath, handler: write, file: file, line: line)
    self.init(subscription, through: binding)
    subscription.start(options: [.initial])
  }
}
#endif
