extension KeyValueObservable {
  /// Calls `action` with the value before and after each change of the value at a key
  /// path: the common case, with no optionals to unwrap.
  ///
  /// The shape of SwiftUI's `onChange(of:initial:_:)`: `action` runs synchronously on the
  /// thread that made the change, after the new value is stored, in registration order,
  /// like `observe(_:options:changeHandler:)`; with `initial`, it also runs
  /// once now with the current value as both. An edit of a collection through its
  /// projection (`document.$tags.append("swift")`) passes the whole collection before and
  /// after. For the call before a change (`.prior`), and for an edit's elements and indexes,
  /// use `observe(_:options:changeHandler:)`, whose change keeps KVO's
  /// optional values.
  ///
  /// ```swift
  /// let token = document.onChange(of: \.title) { oldTitle, newTitle in
  ///   print(oldTitle, "→", newTitle)   // Untitled → Draft
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch: a property, a chain or a computed property.
  ///   - initial: Whether to call `action` once now, with the current value as both.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - action: Receives the value before the change and the value after it.
  /// - Returns: The token that owns the observation; releasing it ends it.
  @inlinable
  public func onChange<Value>(
    of keyPath: KeyPath<Self, Value>,
    initial: Bool = false,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> ObservationToken {
    // Only a collection is edited in place (`$tags.append`), and an edit's change carries
    // its elements, not the whole value before it. Any other value's change carries both.
    guard Value.self is any RangeReplaceableCollection.Type else {
      return observe(keyPath, options: initial ? [.initial] : [], file: file, line: line) { _, change in
        // A token's change always carries its values; only the `.initial` call, made
        // before anything changed, has no old value.
        guard let newValue = change.newValue else { return }
        action(change.oldValue ?? newValue, newValue)
      }
    }
    return onCollectionChange(of: keyPath, initial: initial, file: file, line: line, action)
  }

  /// ``onChange(of:initial:file:line:_:)`` for a collection, which keeps the whole value
  /// last seen: an edit's change carries only its elements. Apart, so that the key path is
  /// captured only here: captured where the common case registers too, it is read there
  /// through the key-path runtime rather than by the property's getter.
  @inlinable @inline(never)
  func onCollectionChange<Value>(
    of keyPath: KeyPath<Self, Value>,
    initial: Bool,
    file: StaticString,
    line: UInt,
    _ action: @escaping (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> ObservationToken {
    // The `.initial` call, always asked for, gives the first value.
    let last = LastSeenValue<Value>()
    return observe(keyPath, options: [.initial], file: file, line: line) { subject, change in
      guard change.kind == .setting, let newValue = change.newValue else {
        let newValue = subject[keyPath: keyPath]
        action(last.exchange(newValue) ?? newValue, newValue)
        return
      }
      _ = last.exchange(newValue)
      if let oldValue = change.oldValue {
        action(oldValue, newValue)
      } else if initial {
        // The `.initial` call: nothing has changed yet.
        action(newValue, newValue)
      }
    }
  }
}

/// The whole value an ``KeyValueObservable/onChange(of:initial:file:line:_:)`` observation
/// last passed on, read and replaced under a lock: changes may be made on several threads
/// at once.
@usableFromInline
final class LastSeenValue<Value> {
  private let value = Locked<Value?>(nil)

  @usableFromInline
  init() {}

  /// Keeps `newValue`; returns the value kept before it.
  @usableFromInline
  func exchange(_ newValue: Value) -> Value? {
    value.withLock { value in
      defer { value = newValue }
      return value
    }
  }
}
