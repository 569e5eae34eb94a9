extension KeyValueObservable {
  /// Calls a handler each time the value at a key path changes.
  ///
  /// The handler runs synchronously on the thread that made the change, after the new
  /// value is stored, in the order observations were registered. Old and new values are
  /// always delivered; `options` adds calls: `.initial` once now (no old value), `.prior`
  /// before each change (old value only, ``ObservedChange/isPrior`` set). The subject is
  /// held weakly; when it is released the token becomes invalid.
  ///
  /// The key path may be an `@Observed` property, a chain through other objects
  /// (`\.document?.title`, which follows the intermediate object when it is replaced), or
  /// a computed property (`\.displayTitle`, which follows what it reads, re-discovered on
  /// every change).
  ///
  /// ```swift
  /// let token = document.observe(\.title, options: [.initial]) { _, change in
  ///   header.text = change.newValue
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch. A key path that reads no `@Observed` property can
  ///     never change, and stops the program with a message naming it.
  ///   - options: Extra moments to call the handler: ``KeyValueObservingOptions/initial``,
  ///     ``KeyValueObservingOptions/prior``. (`.old` and `.new` are implied.)
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject and the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  /// - Complexity: O(1) to register, after one evaluation of `keyPath`.
  @inlinable @inline(__always)
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    let registration = register(
      keyPath,
      options: options.tokenOptions,
      handler: .closure(changeHandler),
      file: file,
      line: line
    )
    return ObservationToken(starting: registration)
  }

  /// Calls a handler each time the value at a key path changes, passing the token so the
  /// handler can end its own observation — even from the `.initial` call, in which case
  /// the observation has ended when `observe` returns.
  ///
  /// ```swift
  /// let token = upload.observe(\.progress, options: [.initial]) { _, change, token in
  ///   if change.newValue == 1 { token.invalidate() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch: a property, a chain or a computed property.
  ///   - options: Extra moments to call the handler (`.initial`, `.prior`).
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject, the change and this observation's token.
  /// - Returns: The token that owns the observation; releasing it ends it.
  @inlinable @inline(__always)
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Self, ObservedChange<Value>, ObservationToken) -> Void
  ) -> ObservationToken {
    // Weak: the token owns the registration. It is filled in before the first call; a
    // token released on another thread while a call is starting reads as gone, and the
    // call is skipped.
    let tokenReference = WeakReference<ObservationToken>()
    let handler = ErasedChangeHandler(madeAt: CompactSourceLocation(file: file, line: line)) { subject, change in
      guard let token = tokenReference.object else { return true }
      change.readChange(of: Value.self) { change in changeHandler(unsafeDowncast(subject, to: Self.self), change, token)
      }
      return true
    }
    let registration = register(
      keyPath, options: options.tokenOptions, handler: .specialized(handler), file: file, line: line)
    return ObservationToken(starting: registration) { tokenReference.object = $0 }
  }

  /// Calls a handler only when the value at a key path really changes: an assignment of
  /// an equal value is skipped, as Combine's `removeDuplicates()` skips it.
  ///
  /// The `.initial` call and collection changes (which carry elements, not whole values)
  /// are always delivered. With `.prior` nothing is skipped: the call before a change is
  /// made before the new value is known, and it is always followed by its call after the
  /// change — the pair `.prior` exists for, to balance your own will/did — so an equal
  /// assignment arrives as both calls, its old and new values equal.
  ///
  /// ```swift
  /// let token = document.observe(\.title, removingDuplicates: true) { _, change in
  ///   save(change.newValue)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch.
  ///   - options: Extra moments to call the handler (`.initial`, `.prior`).
  ///   - removingDuplicates: Whether to skip assignments of an equal value; with `.prior`,
  ///     nothing is skipped.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  ///   - changeHandler: Receives the subject and the change.
  /// - Returns: The token that owns the observation; releasing it ends it.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    removingDuplicates: Bool,
    file: StaticString = #fileID,
    line: UInt = #line,
    changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
  ) -> ObservationToken {
    // Decided once: a `.prior` call is never left without the call after its change.
    let skipsDuplicates = removingDuplicates && !options.contains(.prior)
    return observe(keyPath, options: options, file: file, line: line) { subject, change in
      if skipsDuplicates, change.isDuplicate { return }
      changeHandler(subject, change)
    }
  }
}

extension KeyValueObservingOptions {
  /// The options a token registers with: only the extra calls; values always come.
  @inlinable
  var tokenOptions: KeyValueObservingOptions {
    intersection([.initial, .prior]).union([.old, .new])
  }
}

extension ObservedChange where Value: Equatable {
  /// An assignment whose new value equals the old one.
  @inlinable
  var isDuplicate: Bool {
    guard kind == .setting, !isPrior, let oldValue, let newValue else { return false }
    return oldValue == newValue
  }
}
