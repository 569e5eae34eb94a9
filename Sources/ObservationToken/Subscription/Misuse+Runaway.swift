extension Misuse {
  /// Stops for handlers that call themselves without end: `loop` is one turn of the loop,
  /// from the handler whose calls reached the limit (see ``DeliveryDepth/reentryLimit``)
  /// to the one that calls it again. Each is named, with where it was made when known, and
  /// the advice fits the loop: one handler setting (or sending) what it receives, or several
  /// feeding each other. Nothing is changed: the change or send under way has been made, and
  /// its call to the first handler is the one not made.
  @inline(never)
  static func runaway(_ loop: [Subscription]) -> Never {
    guard let first = loop.first, loop.count > 1 else {
      let subscription = loop[0]
      stop(
        "\(subscription.runawayName.inSentence) keeps calling itself: \(subscription.runawayAdvice(alone: true))",
        at: .change
      )
    }
    var advice: [String] = []
    for subscription in loop {
      let sentence = subscription.runawayAdvice(alone: false)
      if !advice.contains(sentence) { advice.append(sentence) }
    }
    stop(
      """
      \(loop.count) handlers keep calling each other, without end: each call changes what the next \
      one observes, or sends what it receives, and the last calls the first again:
      \(loop.map { "  \($0.runawayName.inList)" }.joined(separator: "\n"))
      then \(first.runawayName.handler) again. \(advice.joined(separator: " "))
      """,
      at: .change
    )
  }
}
