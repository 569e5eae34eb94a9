extension KeyValueObservable {
  /// Binds a value of this object to a property of a target, one way: applies the
  /// current value now, then every change.
  ///
  /// The target is written synchronously, on the thread that made the change. It is held
  /// weakly; the binding ends when it is released. A ``KeyValueObservable`` target with an
  /// `@Observed` property, or on Apple platforms an `NSObject`, tells the binding as it dies,
  /// and the binding lets go of its transform at once; any other target is found gone at the
  /// source's next change, and the binding keeps its transform until then, or until the
  /// token is released (see <doc:BindingProperties>). A binding never re-enters itself, so
  /// two bindings between two observable objects in opposite directions settle instead of
  /// looping. To write a main-actor target, such as a view, whichever thread changes the
  /// value, bind on `MainActor.shared`.
  ///
  /// ```swift
  /// document.bind(\.title, to: cell, \.titleText).store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow; chains and computed properties work.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, file: file, line: line) { $0 }
  }

  /// Binds a value of this object to an optional property of a target of the same
  /// wrapped type, such as a `String` title to a label's `String?` text.
  ///
  /// ```swift
  /// document.bind(\.title, to: label, \.text).store(in: &bag)    // text: String?
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, file: file, line: line) { $0 }
  }

  /// Binds a value of this object to a property of a target through a transform, such
  /// as a Boolean shown as a symbol.
  ///
  /// ```swift
  /// document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - transform: Turns the followed value into the target's value. Released when the
  ///     binding ends; for a target that is neither a ``KeyValueObservable`` object with an
  ///     `@Observed` property nor an `NSObject` on Apple, its release ends the binding only at
  ///     the source's next change.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value, TargetValue>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping (Value) -> TargetValue
  ) -> ObservationToken {
    bindSynchronously(keyPath, to: target, file: file, line: line) { target, value in
      target[keyPath: targetKeyPath] = transform(value)
    }
  }

  /// Binds to a property whose values can be compared: an equal value is not written
  /// again, so the target's own observers see only real changes.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - transform: Turns the followed value into the target's value. Released when the
  ///     binding ends; for a target that is neither a ``KeyValueObservable`` object with an
  ///     `@Observed` property nor an `NSObject` on Apple, its release ends the binding only at
  ///     the source's next change.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value, TargetValue: Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    file: StaticString = #fileID,
    line: UInt = #line,
    transform: @escaping (Value) -> TargetValue
  ) -> ObservationToken {
    bindSynchronously(keyPath, to: target, file: file, line: line) { target, value in
      targetKeyPath.write(transform(value), to: target)
    }
  }

  /// Binds to a property whose values can be compared, without a transform.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, file: file, line: line) { $0 }
  }

  /// Binds to an optional property whose values can be compared, without a transform.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow.
  ///   - target: The object to update; held weakly.
  ///   - targetKeyPath: The optional property of `target` to set.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: The token that owns the binding; releasing it ends it.
  @inlinable
  public func bind<Target: AnyObject, Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, Value?>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    bind(keyPath, to: target, targetKeyPath, file: file, line: line) { $0 }
  }

  /// The binding machinery: `apply` writes the current value to the target, held weakly;
  /// the binding ends once the target is gone. Inlinable, so that it is specialized in the
  /// client for the model, the target and the value, as `observe` is.
  @inlinable
  func bindSynchronously<Target: AnyObject, Value>(
    _ keyPath: KeyPath<Self, Value>,
    to target: Target,
    file: StaticString,
    line: UInt,
    apply: @escaping (Target, Value) -> Void
  ) -> ObservationToken {
    let binding = Binding.make(to: target)
    binding.madeAtPacked = PackedSourceLocation(file: file, line: line)
    let write = ErasedChangeHandler(ending: binding) { [weak target] subject, change in
      guard let target else { return false }
      // Read through `subject`, never `self`: capturing the subject would keep it alive.
      let value = change.readChange(of: Value.self) { change in
        unsafeDowncast(subject, to: Self.self).value(at: keyPath, after: change)
      }
      binding.apply { apply(target, value) }
      return true
    }
    let registration = register(
      keyPath, options: [.initial, .new], handler: .specialized(write), file: file, line: line)
    return ObservationToken(starting: registration, through: binding)
  }
}

extension ReferenceWritableKeyPath where Value: Equatable {
  /// Sets this property of `root` to `newValue` unless it already holds an equal value: a
  /// binding writes only real changes, so the target's own observers see no others.
  @inlinable
  func write(_ newValue: Value, to root: Root) {
    if root[keyPath: self] != newValue { root[keyPath: self] = newValue }
  }
}
