extension Event: CustomDebugStringConvertible {
  /// The event's name and each live subscription: its kind and where it was made.
  ///
  /// ```
  /// Downloader.finished, 2 subscriptions:
  ///   closure at App/Inbox.swift:12
  ///   target–action on Inbox at App/Inbox.swift:14
  /// ```
  public var debugDescription: String {
    let subscriptions = source.subscribers.entries.filter(\.isValid).map { $0 as! EventSubscription }
    guard !subscriptions.isEmpty else { return "\(source.displayName), no subscriptions" }
    let count = subscriptions.count == 1 ? "1 subscription" : "\(subscriptions.count) subscriptions"
    let lines = subscriptions.map { "  \($0.kindDescription)\($0.origin.location)" }
    return "\(source.displayName), \(count):\n" + lines.joined(separator: "\n")
  }
}
