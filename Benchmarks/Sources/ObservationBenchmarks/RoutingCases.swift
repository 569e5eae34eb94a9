/// One post at the bottom of a chain of `length` levels, received by one subscriber at
/// the top (with one level, the bottom is the top). This is "post 1", "post 3" and
/// "post 10".
func routePostBenchmark<S: RoutingSubject>(_ subject: S.Type, length: Int) -> Benchmark {
  routePostBenchmark(S.self, length: length, post: HeardPost.self) {
    _, counter, first, operations throws(BenchmarkFailure) in
    try failIfNeeded(
      counter.calls == operations,
      "the subscriber at the top was called \(counter.calls) times for \(operations) posts; expected \(operations)"
    )
    // The subscriber must see every value posted: op n posts n.
    let expectedSum = (first..<(first + operations)).reduce(0, &+)
    try failIfNeeded(
      counter.sum == expectedSum, "the subscriber saw values summing to \(counter.sum); expected \(expectedSum)")
  }
}

/// One post at the bottom of a chain of three levels of an event nobody subscribes to
/// anywhere; the top has a subscriber to the other event (what "post 3" posts).
func routeUnheardBenchmark<S: RoutingSubject>(_ subject: S.Type) -> Benchmark {
  routePostBenchmark(S.self, length: 3, post: UnheardPost.self) {
    chain, counter, _, operations throws(BenchmarkFailure) in
    try failIfNeeded(
      counter.calls == 0 && counter.sum == 0,
      "\(operations) posts nobody subscribes to made \(counter.calls) calls (sum \(counter.sum)); expected none"
    )
    // The chain is connected: the other event, posted at the same place, is heard once.
    S.post(chain, 7)
    try failIfNeeded(
      counter.calls == 1 && counter.sum == 7,
      "a post the top subscribes to made \(counter.calls) calls (sum \(counter.sum)); expected 1 (sum 7)"
    )
  }
}

/// One post of `post`'s event at the bottom of a chain of `length` levels, with one
/// subscriber at the top; op n posts n. The check runs the posts with a fresh counter,
/// then hands `verify` the chain, the counter, the first value posted and the number of
/// posts, with the subscription still live. Inlined into each case, so that what it
/// measures is specialized and inlined there as if written out.
@inline(__always)
private func routePostBenchmark<S: RoutingSubject, P: RoutePost>(
  _ subject: S.Type, length: Int, post: P.Type,
  verify: @escaping (S.Chain, Counter, _ first: Int, _ operations: Int) throws(BenchmarkFailure) -> Void
) -> Benchmark {
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
      P.post(S.self, chain, current)
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
      try withExtendedLifetime(handle) { () throws(BenchmarkFailure) in try verify(chain, counter, first, operations) }
      counter.reset()
    }
  )
}

/// Which event a post case posts: a type, so that the timing loop calls it directly.
private protocol RoutePost {
  static func post<S: RoutingSubject>(_ subject: S.Type, _ chain: S.Chain, _ value: Int)
}

/// The event the top subscribes to (``RoutingSubject/post(_:_:)``).
private enum HeardPost: RoutePost {
  @inline(__always)
  static func post<S: RoutingSubject>(_ subject: S.Type, _ chain: S.Chain, _ value: Int) { S.post(chain, value) }
}

/// The other event, which nobody subscribes to (``RoutingSubject/postUnheard(_:_:)``).
private enum UnheardPost: RoutePost {
  @inline(__always)
  static func post<S: RoutingSubject>(_ subject: S.Type, _ chain: S.Chain, _ value: Int) { S.postUnheard(chain, value) }
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
  subscribeInvalidateBenchmark(RoutedEvents<S>.self, named: "post")
}

/// A routing subject's node (a chain of one level) as an event sender: a send is a post.
private enum RoutedEvents<S: RoutingSubject>: EventSubject {
  static func makeSender() -> S.Chain { S.makeChain(length: 1) }
  static func send(_ sender: S.Chain, _ value: Int) { S.post(sender, value) }
  static func subscribe(_ sender: S.Chain, _ counter: Counter) -> S.Handle { S.subscribe(sender, counter) }
  static func cancel(_ handle: S.Handle, on sender: S.Chain) { S.cancel(handle, on: sender) }
}

/// Fails unless a post on `chain` passes `length` levels (the floor: always one).
private func checkLevels<S: RoutingSubject>(_ subject: S.Type, _ chain: S.Chain, length: Int) throws(BenchmarkFailure) {
  let expected = S.self == FloorRoutingSubject.self ? 1 : length
  let levels = S.levels(chain)
  try failIfNeeded(levels == expected, "the chain has \(levels) levels; expected \(expected)")
}
