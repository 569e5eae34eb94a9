extension KeyValueObservable {
  /// Binds a value of this object to a property of a main-actor target, such as a view:
  /// writes the current value now, then every change on the main actor, whichever thread
  /// makes it.
  ///
  /// Bound from the main actor, where a view's properties can be named, the current value
  /// is written before `bind` returns; later changes are queued on the main queue in
  /// change order, each written as it comes (a value equal to the target's is not written
  /// again, when the target's values can be compared). With `delivery: .latest` the binding
  /// instead writes at most once per main-queue turn, with the newest value; bindings
  /// changed together are written in the order each was first changed, and the last value
  /// is always written: the form for cells whose models other threads change faster than
  /// frames are drawn. After
  /// ``ObservationToken/invalidate()`` returns no write starts, queued ones included. The
  /// target is held weakly; the binding ends when it is released — at once for a
  /// ``KeyValueObservable`` target with an `@Observed` property or an `NSObject` (a view),
  /// at the source's next change for any other (see <doc:BindingProperties>). The value crosses to
  /// the main actor, so it must be `Sendable`.
  ///
  /// ```swift
  /// @MainActor final class DocumentViewController {
  ///   let titleLabel = UILabel()
  ///   var bag = ObservationBag()
  ///   func show(_ document: Document) {
  ///     document.bind(\.title, to: titleLabel, \.text, on: MainActor.shared).store(in: &bag)
  ///   }
  /// }
  ///
  /// @MainActor final class DownloadCell {
  ///   let progressView = ProgressView()
  ///   var bag = ObservationBag()
  ///   func show(_ download: Download) {   // its progress changes on worker threads
  ///     bag.removeAll()
  ///     download.bind(\.progress, to: progressView, \.progress, on: MainActor.shared, delivery: .latest)
  ///       .store(in: &bag)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow; chains and computed properties work.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, on: actor, delivery: delivery, file: file, line: line) { $0 }
  }

  /// Binds a value of this object to an optional property of a main-actor target, such
  /// as a `String` title to a label's `String?` text, on the main actor.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, on: actor, delivery: delivery, file: file, line: line) { $0 }
  }

  /// Binds a value of this object to a property of a main-actor target through a
  /// transform, which runs on the main actor.
  ///
  /// ```swift
  /// document.bind(\.isFavorite, to: starButton, \.title, on: MainActor.shared) { $0 ? "★" : "☆" }
  ///   .store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - transform: Turns the followed value into the target's value, on the main actor.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable, TargetValue>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping @MainActor (Value) -> TargetValue
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = transform(value)
    }
  }

  /// Binds, on the main actor, to a property whose values can be compared: an equal
  /// value is not written again.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - transform: Turns the followed value into the target's value, on the main actor.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable, TargetValue: Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping @MainActor (Value) -> TargetValue
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      targetKeyPath.write(transform(value), to: target)
    }
  }

  /// Binds, on the main actor, to a property whose values can be compared, without a
  /// transform.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable & Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, on: actor, delivery: delivery, file: file, line: line) { $0 }
  }

  /// Binds, on the main actor, to an optional property whose values can be compared,
  /// without a transform.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/everyChange`` (the default) writes each change in change
  ///     order; ``ValueDelivery/latest`` writes at most once per main-queue turn, the newest value.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable & Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    on actor: MainActor,
    delivery: ValueDelivery = .everyChange,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, on: actor, delivery: delivery, file: file, line: line) { $0 }
  }

  /// Follows the whole value where it changes, on any thread, and queues it on the main
  /// queue, where the binding (its guard, as for a synchronous binding) writes it to the
  /// target. The caller is on the main actor, so the `.initial` value is written in place.
  @MainActor
  private func bind<Target: AnyObject, Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    delivery: ValueDelivery,
    file: StaticString,
    line: UInt,
    apply: @escaping @MainActor (Target, Value) -> Void
  ) -> ObservationToken {
    let (binding, write) = Binding.onMainActor(to: target, apply: apply)
    return observe(
      keyPath,
      options: [.initial],
      on: .main,
      initialInPlace: true,
      binding: binding,
      keepingLatestOnly: delivery.keepsLatestOnly,
      file: file,
      line: line,
      delivering: { subject, change in subject.value(at: keyPath, after: change) },
      write
    )
  }
}
