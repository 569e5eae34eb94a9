extension Misuse {
  /// What a runaway stop (``Misuse/runaway(_:)``) says of a subscription whose handler
  /// sends (or posts) `event` again, itself (`alone`) or through other handlers: a send
  /// from inside a handler is delivered at once, like a function call, so the stack would
  /// overflow.
  static func sendingAdvice(alone: Bool, event: String) -> String {
    let remedy = """
      A send or post from inside a handler is delivered at once, like a function call. Send or \
      post again only on a condition that ends, or deliver on a queue (subscribe(on:), \
      subscribe(to:on:)), where what a handler sends waits for what caused it.
      """
    guard alone else { return remedy }
    return "each call sends or posts \(event) again, which calls it again, without end. \(remedy)"
  }
}
