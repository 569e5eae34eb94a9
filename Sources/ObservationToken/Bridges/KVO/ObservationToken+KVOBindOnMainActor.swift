#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

extension ObservationToken {
  /// Binds an `@objc dynamic` property of an `NSObject` to a property of a main-actor
  /// target, such as a view: writes the current value now, then every change on the main
  /// actor, whichever thread KVO reports it on — a player's `rate` changes off the main
  /// thread.
  ///
  /// Made on the main actor, the current value is written before the initializer returns;
  /// later changes are queued on the main queue in change order, each written as it comes.
  /// With `delivery: .latest` the binding instead writes at most once per main-queue turn,
  /// with the value the property holds after the newest change; bindings changed together
  /// are written in the order each was first changed, and the last value is always written
  /// while the subject lives: the form for a view following an object that other threads
  /// change faster than frames are drawn. After ``invalidate()`` returns no write starts,
  /// queued ones included. The target is
  /// held weakly; the binding ends when it is released, or when the subject is. The value
  /// crosses to the main actor, so it must be `Sendable`.
  ///
  /// ```swift
  /// ObservationToken(binding: player, \.rate, to: rateSlider, \.value, on: MainActor.shared)
  ///   .store(in: &bag)
  /// ObservationToken(binding: download, \.fractionCompleted, to: progressView, \.progress,
  ///                  on: MainActor.shared, delivery: .latest)
  ///   .store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to follow; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  @MainActor
  public convenience init<Subject: NSObject, Value: Sendable, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(binding: subject, keyPath, onMainActorTo: target, delivery: delivery, file: file, line: line) {
      target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// Binds an `@objc dynamic` property of an `NSObject` to an optional property of a
  /// main-actor target of the same wrapped type, such as an item's `String` title to a
  /// label's `String?` text, on the main actor.
  ///
  /// ```swift
  /// ObservationToken(binding: item, \.title, to: titleLabel, \.text, on: MainActor.shared)
  ///   .store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to follow; not retained.
  ///   - keyPath: An `@objc dynamic` property; any other key path stops with a message.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  @MainActor
  public convenience init<Subject: NSObject, Value: Sendable, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(binding: subject, keyPath, onMainActorTo: target, delivery: delivery, file: file, line: line) {
      target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// The queue delivery of ``init(observing:_:options:on:file:line:changeHandler:)`` (or its
  /// newest-only twin, as `delivery` says) with
  /// the engine's main-actor ``Binding`` around it, as the engine's `bind(_:to:_:on:)` is
  /// made: the whole value is read where it changed and written on the main actor.
  @MainActor
  private convenience init<Subject: NSObject, Value: Sendable, Target: AnyObject>(
    binding subject: Subject,
    _ keyPath: KeyPath<Subject, Value>,
    onMainActorTo target: Target,
    delivery: ValueDelivery,
    file: StaticString,
    line: UInt,
    apply: @escaping @MainActor (Target, Value) -> Void
  ) {
    let (binding, write) = Binding.onMainActor(to: target, apply: apply)
    self.init(
      observing: subject,
      keyPath,
      options: [.initial],
      on: .main,
      initialInPlace: true,
      binding: binding,
      delivery: delivery,
      file: file,
      line: line,
      // KVO calls back with the object observed, a Subject.
      delivering: { subject, _ in (subject as! Subject)[keyPath: keyPath] },
      write
    )
  }
}
#endif
