extension Misuse {
  /// Stops for a subscription whose handler sends (or posts) what it receives again,
  /// directly or through other handlers, without end: a send from inside a handler is
  /// delivered at once, like a function call, so the stack would overflow.
  @inline(never)
  static func sendsWithoutEnd(_ subscription: EventSubscription) -> Never {
    let event = subscription.source.displayName
    stop(
      """
      the \(subscription.kindDescription)\(subscription.origin.location) receiving \(event) keeps \
      calling itself: each call sends or posts \(event) again, itself or through other handlers, \
      which calls it again, without end. A send or post from inside a handler is delivered at \
      once, like a function call. Send or post again only on a condition that ends, or deliver \
      on a queue (subscribe(on:), subscribe(to:on:)), where what a handler sends waits for what \
      caused it.
      """,
      at: .change
    )
  }
}
