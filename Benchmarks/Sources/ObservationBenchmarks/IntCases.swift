/// One (case, subject) pair, set up and ready to run.
protocol Benchmark: AnyObject {
  /// Runs `iterations` operations and returns how long the timed part took (setup that
  /// some cases need between batches is not timed).
  func run(_ iterations: Int) -> Duration
  /// Runs `operations` operations and checks that every observer was called exactly as
  /// often as it should have been, with the right values.
  func check(_ operations: Int) throws(BenchmarkFailure)
}

/// A benchmark made of two closures. The generic factories below build them; called
/// with a concrete subject type, a factory is specialized and so is the loop in its
/// closure. (A generic class would not do: its methods, reached through the
/// `Benchmark` protocol, run unspecialized, calling the subject through witness tables.)
final class ClosureBenchmark: Benchmark {
  private let runBody: (Int) -> Duration
  private let checkBody: (Int) throws(BenchmarkFailure) -> Void

  init(run: @escaping (Int) -> Duration, check: @escaping (Int) throws(BenchmarkFailure) -> Void) {
    runBody = run
    checkBody = check
  }

  func run(_ iterations: Int) -> Duration { runBody(iterations) }
  func check(_ operations: Int) throws(BenchmarkFailure) { try checkBody(operations) }
}

/// A value shared by a benchmark's closures.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// How many objects the cases without observers cycle through. A loop over one object
/// would let the optimizer hoist the load of a closure that is never set, or sink the
/// stores, and delete the loop; over several objects every access must really happen.
let cycledObjects = 64

/// Sets `value` of the objects in turn: op `n` sets `n` on object `n % cycledObjects`.
private func cycleSets<S: IntSubject>(_ models: [S.Model], _ op: Box<Int>, _ iterations: Int, _ subject: S.Type)
  -> Duration
{
  let models = opaque(Box(models)).value
  var current = op.value
  let start = clock.now
  models.withUnsafeBufferPointer { models in
    for _ in 0..<iterations {
      current &+= 1
      S.set(models[current & (cycledObjects - 1)], current)
    }
  }
  let elapsed = clock.now - start
  op.value = current
  blackHole(current)
  return elapsed
}

/// Checks that the last `cycledObjects` sets were stored.
private func checkStored<S: IntSubject>(_ models: [S.Model], lastOp: Int, _ subject: S.Type) throws(BenchmarkFailure) {
  for back in 0..<cycledObjects {
    let op = lastOp - back
    let stored = S.get(models[op & (cycledObjects - 1)])
    try failIfNeeded(stored == op, "object \(op & (cycledObjects - 1)) holds \(stored) after set \(op)")
  }
}

/// Set with no observers at all (the floor's didSet finds its closure `nil`).
func setUnobservedBenchmark<S: IntSubject>(_ subject: S.Type) -> Benchmark {
  let models = (0..<cycledObjects).map { _ in S.makeModel() }
  let op = Box(0)
  return ClosureBenchmark(
    run: { iterations in cycleSets(models, op, iterations, S.self) },
    check: { operations throws(BenchmarkFailure) in
      _ = cycleSets(models, op, max(operations, cycledObjects), S.self)
      try checkStored(models, lastOp: op.value, S.self)
    }
  )
}

/// Set while another property of the same object is observed.
func setOtherObservedBenchmark<S: IntSubject>(_ subject: S.Type) -> Benchmark {
  let counter = Counter()
  let models = (0..<cycledObjects).map { _ in S.makeModel() }
  let handles = Box(models.map { S.observeOther($0, counter) })
  let op = Box(0)
  return ClosureBenchmark(
    run: { iterations in
      withExtendedLifetime(handles) { cycleSets(models, op, iterations, S.self) }
    },
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      _ = cycleSets(models, op, max(operations, cycledObjects), S.self)
      try checkStored(models, lastOp: op.value, S.self)
      try failIfNeeded(counter.calls == 0, "the observer of `other` was called \(counter.calls) times; expected 0")
      // The observers of `other` are live: one set of `other` on each object reaches each once.
      for (index, model) in models.enumerated() { S.setOther(model, index &+ 1_000_000) }
      try failIfNeeded(
        counter.calls == models.count,
        "setting `other` on \(models.count) objects called its observers \(counter.calls) times"
      )
      counter.reset()
    }
  )
}

/// Get outside any tracking scope (the floor: a plain stored-property get).
func getBenchmark<S: IntSubject>(_ subject: S.Type) -> Benchmark {
  func value(of index: Int) -> Int { index &* 3 &+ 1 }
  let models = (0..<cycledObjects).map { _ in S.makeModel() }
  for (index, model) in models.enumerated() { S.set(model, value(of: index)) }
  let op = Box(0)
  let run = { (iterations: Int) -> (Duration, Int) in
    let models = opaque(Box(models)).value
    var current = op.value
    var total = 0
    let start = clock.now
    models.withUnsafeBufferPointer { models in
      for _ in 0..<iterations {
        current &+= 1
        total &+= S.get(models[current & (cycledObjects - 1)])
      }
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(total)
    return (elapsed, total)
  }
  return ClosureBenchmark(
    run: { iterations in run(iterations).0 },
    check: { operations throws(BenchmarkFailure) in
      let first = op.value + 1
      let total = run(operations).1
      var expected = 0
      for op in first..<(first + operations) { expected &+= value(of: op & (cycledObjects - 1)) }
      try failIfNeeded(total == expected, "the gets summed to \(total); expected \(expected)")
    }
  )
}

/// Set with `observers` observers of the property, each recording old and new. With one
/// observer this is "set + notify one"; with more, the fan-out cases.
func setNotifyBenchmark<S: IntSubject>(_ subject: S.Type, observers: Int) -> Benchmark {
  let counter = Counter()
  let model = S.makeModel()
  let handles = Box((0..<observers).map { _ in S.observe(model, counter) })
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let model = opaque(model)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      S.set(model, current)
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  // Two sets before the checks, so subjects whose handler learns of a change only before
  // it happens (Observation) have a previous change to report.
  _ = run(2)
  counter.reset()
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(handles) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      _ = run(operations)
      let expected = operations * observers
      try failIfNeeded(
        counter.calls == expected,
        "\(observers) observers were called \(counter.calls) times for \(operations) sets; expected \(expected)"
      )
      // Each set raises the value by one: every call must see old + 1 == new.
      try failIfNeeded(
        counter.sum == expected,
        "the observers saw new − old summing to \(counter.sum) over \(expected) calls; expected \(expected)"
      )
      counter.reset()
    }
  )
}

/// Create an observation of `value` and end it at once.
func observeInvalidateBenchmark<S: IntSubject>(_ subject: S.Type) -> Benchmark {
  let counter = Counter()
  let model = S.makeModel()
  let run = { (iterations: Int) -> Duration in
    let model = opaque(model)
    let start = clock.now
    for _ in 0..<iterations {
      let handle = S.observe(model, counter)
      S.cancel(handle)
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
      let expected = operations * S.callsOnObserve
      try failIfNeeded(
        counter.calls == expected && counter.sum == 0,
        "observing and invalidating \(operations) times made \(counter.calls) calls (sum \(counter.sum)); expected \(expected) (sum 0)"
      )
      // Every observation has ended: a set reaches none of them.
      S.set(model, S.get(model) &+ 1)
      try failIfNeeded(
        counter.calls == expected, "a set after invalidation reached \(counter.calls - expected) ended observations")
      counter.reset()
    }
  )
}

// MARK: - Memory and scale

/// Bytes per live observation: `tokens` observations of `value` spread over `objects`
/// objects, measured by ``measureHeap(creating:on:makeOwner:create:check:end:)``.
func measureMemory<S: IntSubject>(_ subject: S.Type, tokens: Int, objects: Int) throws(BenchmarkFailure) -> MemoryResult
{
  try measureHeap(
    creating: tokens, on: objects, makeOwner: S.makeModel, create: S.observe,
    check: { models, counter, count throws(BenchmarkFailure) in
      // The observations are live: one set of each object reaches every one of them once.
      counter.reset()
      for model in models { S.set(model, S.get(model) &+ 1) }
      try failIfNeeded(
        counter.calls == count, "one set on each object reached \(counter.calls) of \(count) live observations")
    },
    end: { handles, models in S.endAll(&handles, models: models) }
  )
}

/// Creates `tokens` observations on `objects` objects, then ends them all, then releases
/// the objects; see ``measureScale(creating:on:makeOwner:create:end:notify:failure:)``.
func measureScale<S: IntSubject>(_ subject: S.Type, tokens: Int, objects: Int) throws(BenchmarkFailure) -> ScaleResult {
  try measureScale(
    creating: tokens, on: objects, makeOwner: S.makeModel, create: S.observe,
    end: { handles, models in S.endAll(&handles, models: models) },
    // Every observation has ended (Observation's trackers are released, their
    // registrations linger until this change): a set on each object reaches none.
    notify: { model in S.set(model, S.get(model) &+ 1) },
    failure: { count, calls in "after ending \(count) observations a set on each object still made \(calls) calls" }
  )
}
