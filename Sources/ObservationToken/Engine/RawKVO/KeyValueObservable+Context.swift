extension KeyValueObservable {
  /// Registers a raw observer for a key path of this object under a context object: the
  /// pointer form of `addObserver(_:forKeyPath:options:context:file:line:)` with
  /// `context.pointer`, as a Swift 6-clean `static let`.
  ///
  /// ```swift
  /// private static let context = KeyValueObservingContext()
  /// document.addObserver(observer, forKeyPath: \Document.title, options: [.new], context: Self.context)
  /// ```
  ///
  /// - Parameters:
  ///   - observer: Receives the changes; held weakly.
  ///   - keyPath: What to observe: an `@Observed` property, a chain, or a computed
  ///     property reading `@Observed` ones.
  ///   - options: Which values the changes carry and which extra calls to make.
  ///   - context: Tells this registration apart; the observer receives its
  ///     ``KeyValueObservingContext/pointer``. The registration keeps it alive.
  ///   - file: The file a misuse stop names; leave the default.
  ///   - line: The line a misuse stop names; leave the default.
  @inlinable
  public func addObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    context: KeyValueObservingContext,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    addRawObserver(
      observer,
      forKeyPath: keyPath,
      options: options,
      context: context.pointer,
      keeping: context,
      file: file,
      line: line
    )
  }

  /// Removes the most recent registration of `observer` for `keyPath` made with
  /// `context`; from the observer's own `deinit` too, as with a pointer context.
  ///
  /// - Throws: ``KeyValueObservingError/notRegistered(observerType:keyPath:context:)``
  ///   when there is no such registration; nothing else is changed.
  public func removeObserver<Value>(
    _ observer: any KeyValueObserving,
    forKeyPath keyPath: KeyPath<Self, Value>,
    context: KeyValueObservingContext
  ) throws(KeyValueObservingError) {
    try removeObserver(observer, forKeyPath: keyPath, context: context.pointer)
  }
}
