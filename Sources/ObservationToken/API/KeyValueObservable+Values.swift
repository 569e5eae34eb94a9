extension KeyValueObservable {
  /// The values of a key path as an asynchronous sequence: the current value first, then
  /// the value after each change.
  ///
  /// By default a consumer slower than the changes gets the newest value, skipping
  /// values it had no time for (`.bufferingNewest(1)`) — what a view showing the current
  /// state wants. Pass `.unbounded` to receive every value. The sequence ends when the
  /// subject is released; cancelling the consuming task ends the observation.
  ///
  /// ```swift
  /// for await title in document.values(of: \.title) {
  ///   print(title)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow; chains and computed properties work.
  ///   - bufferingPolicy: What to keep while the consumer is busy.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: A sequence that owns its observation.
  public func values<Value: Sendable>(
    of keyPath: KeyPath<Self, Value>,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .bufferingNewest(1),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservedValues<Value> {
    stream(of: keyPath, options: [.initial], bufferingPolicy: bufferingPolicy, file: file, line: line) {
      subject, change in subject.value(at: keyPath, after: change)
    }
  }

  /// The changes of a key path as an asynchronous sequence of ``ObservedChange``s.
  ///
  /// By default every change is kept until consumed, in order (`.unbounded`): a consumer
  /// that falls behind catches up without losing one, at the cost of memory while it is
  /// behind. Pass `.bufferingNewest(n)` or `.bufferingOldest(n)` to bound it.
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch.
  ///   - options: Extra elements: `.initial` (the current value first), `.prior`.
  ///   - bufferingPolicy: What to keep while the consumer is busy.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  /// - Returns: A sequence that owns its observation.
  public func changes<Value: Sendable>(
    of keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    bufferingPolicy: AsyncStream<ObservedChange<Value>>.Continuation.BufferingPolicy = .unbounded,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservedValues<ObservedChange<Value>> {
    stream(of: keyPath, options: options, bufferingPolicy: bufferingPolicy, file: file, line: line) { _, change in
      change
    }
  }

  /// An observation that yields `element(subject, change)` into a stream it owns.
  private func stream<Value, Element: Sendable>(
    of keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions,
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
    file: StaticString,
    line: UInt,
    element: @escaping (Self, ObservedChange<Value>) -> Element
  ) -> ObservedValues<Element> {
    ObservedValues(bufferingPolicy: bufferingPolicy) { yield in
      observe(keyPath, options: options, file: file, line: line) { subject, change in yield(element(subject, change)) }
    }
  }

  /// The whole value at `keyPath` after `change`: its new value for a setting; for a
  /// collection change, which carries only the elements, the value read again.
  @inlinable
  func value<Value>(at keyPath: KeyPath<Self, Value>, after change: ObservedChange<Value>) -> Value {
    change.wholeValue { self[keyPath: keyPath] }
  }
}

extension ObservedChange {
  /// The whole value after this change: its new value for a setting; for a collection
  /// change, which carries only the elements, what `read` reads from the subject.
  @inlinable
  func wholeValue(orRead read: () -> Value) -> Value {
    if kind == .setting, let newValue { return newValue }
    return read()
  }
}
