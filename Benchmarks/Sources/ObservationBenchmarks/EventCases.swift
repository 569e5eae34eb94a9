/// One send to `subscribers` subscriptions, each recording the value. With one subscriber
/// this is "send 1"; with more, "send 10" and "send 100".
func sendBenchmark<S: EventSubject>(_ subject: S.Type, subscribers: Int) -> Benchmark {
  let counter = Counter()
  let sender = S.makeSender()
  let handles = Box((0..<subscribers).map { _ in S.subscribe(sender, counter) })
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let sender = opaque(sender)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      S.send(sender, current)
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(handles) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      let first = op.value + 1
      _ = withExtendedLifetime(handles) { run(operations) }
      let expected = operations * subscribers
      try failIfNeeded(
        counter.calls == expected,
        "\(subscribers) subscribers were called \(counter.calls) times for \(operations) sends; expected \(expected)"
      )
      // Every subscriber must see every value sent: op n sends n.
      var expectedSum = 0
      for value in first..<(first + operations) { expectedSum &+= value &* subscribers }
      try failIfNeeded(
        counter.sum == expectedSum,
        "the subscribers saw values summing to \(counter.sum); expected \(expectedSum)"
      )
      counter.reset()
    }
  )
}

/// Subscribe one closure and end the subscription at once. The check then makes sure no
/// subscription outlived its end and that the sender still works; its messages call a
/// send `name` (routing's case, on a node, says "post").
func subscribeInvalidateBenchmark<S: EventSubject>(_ subject: S.Type, named name: String = "send") -> Benchmark {
  let counter = Counter()
  let sender = S.makeSender()
  let run = { (iterations: Int) -> Duration in
    let sender = opaque(sender)
    let start = clock.now
    for _ in 0..<iterations {
      let handle = S.subscribe(sender, counter)
      S.cancel(handle, on: sender)
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
      // Every subscription has ended: a send reaches none of them.
      S.send(sender, 1)
      try failIfNeeded(counter.calls == 0, "a \(name) after ending reached \(counter.calls) ended subscriptions")
      // And the sender still works: a live subscription made now gets exactly the next send.
      let live = S.subscribe(sender, counter)
      S.send(sender, 7)
      try failIfNeeded(
        counter.calls == 1 && counter.sum == 7,
        "a \(name) to one live subscription made \(counter.calls) calls (sum \(counter.sum)); expected 1 (sum 7)"
      )
      S.cancel(live, on: sender)
      S.send(sender, 1)
      try failIfNeeded(counter.calls == 1, "a \(name) after ending the live subscription reached it")
      counter.reset()
    }
  )
}

// MARK: - Memory and scale

/// Bytes per live subscription: `subscriptions` subscriptions spread over `senders`
/// senders, measured as ``measureMemory(_:tokens:objects:)`` measures tokens.
func measureEventMemory<S: EventSubject>(_ subject: S.Type, subscriptions: Int, senders count: Int)
  throws(BenchmarkFailure) -> MemoryResult
{
  try measureHeap(
    creating: subscriptions, on: count, makeOwner: S.makeSender, create: S.subscribe,
    check: { senders, counter, total throws(BenchmarkFailure) in
      // The subscriptions are live: one send on each sender reaches each of them exactly once.
      counter.reset()
      for (index, sender) in senders.enumerated() { S.send(sender, index &+ 1) }
      try failIfNeeded(
        counter.calls == total, "one send on each sender reached \(counter.calls) of \(total) live subscriptions")
      let perSender = subscriptions / count
      let expectedSum = perSender &* (count &* (count &+ 1) / 2)
      try failIfNeeded(
        counter.sum == expectedSum, "one send on each sender summed to \(counter.sum); expected \(expectedSum)")
    },
    // Releasing the handles and then the senders frees everything for every subject (a
    // closure array, a naive registry or a center holds its entries).
    end: { handles, _ in handles.removeAll() }
  )
}

/// Creates `subscriptions` subscriptions on `senders` senders, ends them all (the way each
/// subject ends one: releasing tokens and cancellables, removing observers and ids), then
/// releases the senders; as ``measureScale(_:tokens:objects:)``.
func measureEventScale<S: EventSubject>(_ subject: S.Type, subscriptions: Int, senders count: Int)
  throws(BenchmarkFailure) -> ScaleResult
{
  try measureScale(
    creating: subscriptions, on: count, makeOwner: S.makeSender, create: S.subscribe,
    end: { handles, senders in S.endAll(&handles, senders: senders) },
    // Every subscription has ended: a send on each sender reaches none.
    notify: { sender in S.send(sender, 1) },
    failure: { total, calls in "after ending \(total) subscriptions a send on each sender still made \(calls) calls" }
  )
}
