import ObservationToken

// Ending many tokens that share one property, or many subscriptions of one sender: oldest
// first — as `ObservationBag.removeAll()` and `EventSender.removeAllSubscriptions()` end
// them, and as releasing a bag or an array of tokens does — or newest first. Ending one
// token should cost the same whatever the order and however many share its list. Measured
// for ObservationToken only, at a size `--size` gives; `scaling.sh drain` runs the sizes.

extension CaseID {
  /// How a drain case ends its tokens; `nil` for the other cases.
  var drain: (oldestFirst: Bool, onSender: Bool)? {
    switch self {
    case .drainOldest: (true, false)
    case .drainNewest: (false, false)
    case .eventDrainOldest: (true, true)
    case .eventDrainNewest: (false, true)
    default: nil
    }
  }
}

/// What a drain run measures: the time to end one token, over every round.
struct DrainResult {
  var endNanosecondsPerToken: Double
}

/// `rounds` times: makes `tokens` tokens on one property (or subscriptions of one sender),
/// checks that a change reaches each once, ends them all in the case's order, and checks
/// that a change reaches none.
func measureDrain(_ kind: CaseID, tokens count: Int, rounds: Int) throws(BenchmarkFailure) -> DrainResult {
  guard let (oldestFirst, onSender) = kind.drain else {
    throw BenchmarkFailure(message: "\(kind.rawValue) is not a drain case")
  }
  let counter = Counter()
  let model = TokenSubject.makeModel()
  let sender = TokenEventSubject.makeSender()
  let change = {
    counter.reset()
    if onSender { TokenEventSubject.send(sender, 1) } else { TokenSubject.set(model, TokenSubject.get(model) &+ 1) }
  }
  var elapsed = Duration.zero
  for _ in 0..<rounds {
    var tokens: [ObservationToken] = []
    tokens.reserveCapacity(count)
    for _ in 0..<count {
      tokens.append(onSender ? TokenEventSubject.subscribe(sender, counter) : TokenSubject.observe(model, counter))
    }
    change()
    try failIfNeeded(counter.calls == count, "one change reached \(counter.calls) of \(count) live tokens")
    var bag = ObservationBag()
    if oldestFirst && !onSender {
      for token in tokens { token.store(in: &bag) }
      tokens.removeAll()
    }
    let start = clock.now
    countedWork {
      switch (oldestFirst, onSender) {
      case (true, false): bag.removeAll()
      case (true, true):
        sender.removeAllSubscriptions()
        tokens.removeAll()
      case (false, _):
        while let token = tokens.popLast() { token.invalidate() }
      }
    }
    elapsed += clock.now - start
    change()
    try failIfNeeded(counter.calls == 0, "after ending \(count) tokens a change still made \(counter.calls) calls")
  }
  return DrainResult(endNanosecondsPerToken: elapsed.nanoseconds / Double(count * rounds))
}
