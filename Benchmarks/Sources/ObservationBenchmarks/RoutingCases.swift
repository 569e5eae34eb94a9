/// One post at the bottom of a chain of `length` levels, received by one subscriber at
/// the top (with one level, the bottom is the top). This is "post 1", "post 3" and
/// "post 10".
func routePostBenchmark<S: RoutingSubject>(_ subject: S.Type, length: Int) -> Benchmark {
  let counter = Counter()
  let chain = S.makeChain(length: length)
  let handle = Box(S.subscribe(chain, counter))
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let chain = opaque(chain)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      S.post(chain, current)
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(handle) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      try checkLevels(S.self, chain, length: length)
      counter.reset()
      let first = op.value + 1
      _ = withExtendedLifetime(handle) { run(operations) }
      try failIfNeeded(
        counter.calls == operations,
        "the subscriber at the top was called \(counter.calls) times for \(operations) posts; expected \(operations)"
      )
      // The subscriber must see every value posted: op n posts n.
      let expectedSum = (first..<(first + operations)).reduce(0, &+)
      try failIfNeeded(counter.sum == expectedSum, "the subscriber saw values summing to \(counter.sum); expected \(expectedSum)")
      counter.reset()
    }
  )
}

/// One post at the bottom of a chain of three levels of an event nobody subscribes to
/// anywhere; the top has a subscriber to the other event (what "post 3" posts).
func routeUnheardBenchmark<S: RoutingSubject>(_ subject: S.Type) -> Benchmark {
  let length = 3
  let counter = Counter()
  let chain = S.makeChain(length: length)
  let handle = Box(S.subscribe(chain, counter))
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let chain = opaque(chain)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      S.postUnheard(chain, current)
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(handle) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      try checkLevels(S.self, chain, length: length)
      counter.reset()
      _ = withExtendedLifetime(handle) { run(operations) }
      try failIfNeeded(
        counter.calls == 0 && counter.sum == 0,
        "\(operations) posts nobody subscribes to made \(counter.calls) calls (sum \(counter.sum)); expected none"
      )
      // The chain is connected: the other event, posted at the same place, is heard once.
      withExtendedLifetime(handle) { S.post(chain, 7) }
      try failIfNeeded(
        counter.calls == 1 && counter.sum == 7,
        "a post the top subscribes to made \(counter.calls) calls (sum \(counter.sum)); expected 1 (sum 7)"
      )
      counter.reset()
    }
  )
}

/// One request asked at the bottom of a chain of `length` levels, answered at the top:
/// the answer records the row, and the loop adds up the responses.
func routeRequestBenchmark<S: RoutingSubject>(_ subject: S.Type, length: Int) -> Benchmark {
  let counter = Counter()
  let chain = S.makeChain(length: length)
  let handle = Box(S.answer(chain, counter))
  let op = Box(0)
  let responses = Box(0)
  let run = { (iterations: Int) -> Duration in
    let chain = opaque(chain)
    var current = op.value
    var total = 0
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      if let response = S.request(chain, current) { total &+= response }
    }
    let elapsed = clock.now - start
    op.value = current
    responses.value &+= total
    blackHole(total)
    return elapsed
  }
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(handle) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      try checkLevels(S.self, chain, length: length)
      counter.reset()
      responses.value = 0
      let first = op.value + 1
      _ = withExtendedLifetime(handle) { run(operations) }
      let expectedSum = (first..<(first + operations)).reduce(0, &+)
      try failIfNeeded(
        counter.calls == operations && counter.sum == expectedSum,
        "the answer at the top was asked \(counter.calls) times (rows summing to \(counter.sum)) for \(operations) requests; expected \(operations) (sum \(expectedSum))"
      )
      try failIfNeeded(
        responses.value == expectedSum &+ operations,
        "the responses summed to \(responses.value); expected \(expectedSum &+ operations)"
      )
      // Once the answer is ended, nothing answers; a new one answers again.
      S.cancel(handle.value, on: chain)
      let unanswered = S.request(chain, 1)
      try failIfNeeded(unanswered == nil, "a request after ending the answer got \(String(describing: unanswered))")
      handle.value = S.answer(chain, counter)
      let answered = S.request(chain, 1)
      try failIfNeeded(answered == routedResponse(1), "a request to a new answer got \(String(describing: answered))")
      counter.reset()
      responses.value = 0
    }
  )
}

/// Subscribe one handler to a node (a chain of one level) and end the subscription at once.
func routeSubscribeInvalidateBenchmark<S: RoutingSubject>(_ subject: S.Type) -> Benchmark {
  let counter = Counter()
  let chain = S.makeChain(length: 1)
  let run = { (iterations: Int) -> Duration in
    let chain = opaque(chain)
    let start = clock.now
    for _ in 0..<iterations {
      let handle = S.subscribe(chain, counter)
      S.cancel(handle, on: chain)
    }
    let elapsed = clock.now - start
    blackHole(counter.calls)
    return elapsed
  }
  return ClosureBenchmark(
    run: run,
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      _ = run(operations)
      try failIfNeeded(
        counter.calls == 0 && counter.sum == 0,
        "subscribing and ending \(operations) times made \(counter.calls) calls (sum \(counter.sum)); expected none"
      )
      // Every subscription has ended: a post reaches none of them.
      S.post(chain, 1)
      try failIfNeeded(counter.calls == 0, "a post after ending reached \(counter.calls) ended subscriptions")
      // And the node still works: a live subscription made now gets exactly the next post.
      let live = S.subscribe(chain, counter)
      S.post(chain, 7)
      try failIfNeeded(
        counter.calls == 1 && counter.sum == 7,
        "a post to one live subscription made \(counter.calls) calls (sum \(counter.sum)); expected 1 (sum 7)"
      )
      S.cancel(live, on: chain)
      S.post(chain, 1)
      try failIfNeeded(counter.calls == 1, "a post after ending the live subscription reached it")
      counter.reset()
    }
  )
}

/// Fails unless a post on `chain` passes `length` levels (the floor: always one).
private func checkLevels<S: RoutingSubject>(_ subject: S.Type, _ chain: S.Chain, length: Int) throws(BenchmarkFailure) {
  let expected = S.self == FloorRoutingSubject.self ? 1 : length
  let levels = S.levels(chain)
  try failIfNeeded(levels == expected, "the chain has \(levels) levels; expected \(expected)")
}
