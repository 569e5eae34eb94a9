extension KeyValueObservable {
  /// Binds a value of this object to a property of a main-actor target, delivering every
  /// change or only the newest, as `delivery` says.
  ///
  /// The current value is written before `bind` returns. With ``ValueDelivery/latest``, the
  /// binding then writes at most once per main-queue turn, with the newest value; bindings
  /// changed together are written in the order each was first changed, and the last value
  /// is always written: the form for cells whose models other threads change faster than
  /// frames are drawn. With ``ValueDelivery/everyChange`` it writes each change in change
  /// order, as the binding without `delivery:` does.
  /// After ``ObservationToken/invalidate()`` returns no write starts, a waiting one
  /// included; the target is held weakly, and its release ends the binding.
  ///
  /// ```swift
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
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// Binds a value of this object to an optional property of a main-actor target, such as
  /// a `String` title to a label's `String?` text, delivering every change or only the newest.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = value
    }
  }

  /// Binds a value of this object to a property of a main-actor target through a transform,
  /// which runs on the main actor, delivering every change or only the newest.
  ///
  /// ```swift
  /// download.bind(\.bytesReceived, to: sizeLabel, \.text, on: MainActor.shared, delivery: .latest) {
  ///   formatter.string(fromByteCount: $0)   // formats only the values that are shown
  /// }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
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
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping @MainActor (Value) -> TargetValue
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = transform(value)
    }
  }

  /// Binds, on the main actor, to a property whose values can be compared, through a
  /// transform: an equal value is not written again.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
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
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping @MainActor (Value) -> TargetValue
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      targetKeyPath.write(transform(value), to: target)
    }
  }

  /// Binds, on the main actor, to a property whose values can be compared: an equal value
  /// is not written again.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable & Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      targetKeyPath.write(value, to: target)
    }
  }

  /// Binds, on the main actor, to an optional property whose values can be compared: an
  /// equal value is not written again.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update on the main actor; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - actor: `MainActor.shared`.
  ///   - delivery: ``ValueDelivery/latest`` or ``ValueDelivery/everyChange``.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @MainActor
  public func bind<Target: AnyObject, Value: Sendable & Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    on actor: MainActor,
    delivery: ValueDelivery,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, delivery: delivery, file: file, line: line) { target, value in
      targetKeyPath.write(value, to: target)
    }
  }

  /// Follows the whole value where it changes, on any thread, and hands it to the main
  /// queue through the delivery `delivery` names, where the binding writes it to the
  /// target. The caller is on the main actor, so the current value is written in place.
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
      delivery: delivery,
      file: file,
      line: line,
      delivering: { subject, change in subject.value(at: keyPath, after: change) },
      write
    )
  }
}
