extension EventNode: CustomDebugStringConvertible {
  /// The node's name, its parents' names, and its live subscriptions, interceptors and
  /// answers by routed type, each with where it was made.
  ///
  /// ```
  /// EventNode List, parents: Screen
  ///   RowDeleted: 1 interceptor, 1 subscription
  ///     interceptor at App/List.swift:20
  ///     closure at App/List.swift:24
  /// ```
  public var debugDescription: String {
    let parentNames = parents.map(\.name)
    var lines = [
      "EventNode \(name), " + (parentNames.isEmpty ? "no parents" : "parents: " + parentNames.joined(separator: ", "))
    ]
    for channel in storage.channels.sorted(by: { $0.typeName < $1.typeName }) {
      let live = channel.sources.map { role, source in
        (role, source.subscribers.entries.filter(\.isValid).map { $0 as! EventSubscription })
      }
      let counts = live.filter { !$0.1.isEmpty }.map { role, entries in
        "\(entries.count) \(role)" + (entries.count == 1 ? "" : "s")
      }
      guard !counts.isEmpty else { continue }
      lines.append("  \(channel.typeName): " + counts.joined(separator: ", "))
      for (_, entries) in live {
        for entry in entries { lines.append("    \(entry.kindDescription)\(entry.origin.location)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
