extension Event {
  /// Calls `handler` with the next value sent, once, then ends the subscription.
  ///
  /// The subscription ends as that call begins: inside the handler the token is already
  /// invalid, and if it was the last subscription the sender's `onLastUnsubscribe` has
  /// run. So the handler never runs twice — not when two threads send at once, nor when
  /// it sends the event again itself. Until then it is an ordinary subscription: keep the
  /// token (releasing it ends the subscription unheard), or invalidate it to give up.
  ///
  /// ```swift
  /// downloader.activity.subscribeOnce { progress in
  ///   print("first progress:", progress)
  /// }.store(in: &bag)
  /// ```
  ///
  /// In async code, await the value instead: the loop subscribes, and leaving it ends the
  /// subscription. (`values.first { _ in true }` does the same from code that is not
  /// isolated to an actor; from `@MainActor` code the compiler will not send its closure.)
  ///
  /// ```swift
  /// for await url in downloader.finished.values {
  ///   statusBar.show(url)   // the next URL sent
  ///   break
  /// }
  /// ```
  ///
  /// `subscribeOnce` is for code that does not wait: a handler that reacts once, on the
  /// sending thread, as the send happens.
  ///
  /// - Parameters:
  ///   - handler: Receives the next sent value.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription; invalid once the handler was called.
  /// - Complexity: O(1), amortized.
  public func subscribeOnce(
    _ handler: @escaping (Parameter) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    subscribe(OneShotSubscription(source: source, .closure, file: file, line: line, handler: handler))
  }
}
