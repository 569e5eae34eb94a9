import Dispatch
import Observation

// SE-0475's `Observations`, an async sequence: the loop sets the property, then awaits the
// sequence's next element, so every change is delivered before the next one is made. It
// yields only the new value; the consumer keeps the previous one to have old and new.

/// Whether this toolchain and platform have `Observations`, and if not, why.
var observationsAvailability: String? {
  #if compiler(>=6.2)
  if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
    return nil
  }
  return "Observations (SE-0475) needs macOS 26 / iOS 26 or later; not measured on this OS"
  #else
  return "Observations (SE-0475) is not in this toolchain (needs Swift 6.2 or later); not measured"
  #endif
}

/// Runs `body` on the cooperative pool and waits for it on the calling thread.
func blockOn<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
  let box = ResultBox<Result>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    box.result = await body()
    done.signal()
  }
  done.wait()
  return box.result!
}

/// Carries a result from the task to the waiting thread (the semaphore orders the accesses).
private final class ResultBox<Result>: @unchecked Sendable {
  var result: Result?
}

/// An async benchmark, run from the synchronous driver through ``blockOn(_:)``.
protocol AsyncBenchmark: AnyObject, Sendable {
  func setUp() async
  func run(_ iterations: Int) async -> Duration
  func check(_ operations: Int) async -> BenchmarkFailure?
}

final class BlockingBenchmark: Benchmark {
  private let inner: any AsyncBenchmark

  init(_ inner: any AsyncBenchmark) {
    self.inner = inner
    blockOn { await inner.setUp() }
  }

  func run(_ iterations: Int) -> Duration {
    let inner = self.inner
    return blockOn { await inner.run(iterations) }
  }

  func check(_ operations: Int) throws(BenchmarkFailure) {
    let inner = self.inner
    if let failure = blockOn({ await inner.check(operations) }) { throw failure }
  }
}

#if compiler(>=6.2)
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class ObservationsSetNotify: AsyncBenchmark, @unchecked Sendable {
  private let model = ObservationModel()
  private let counter = Counter()
  private var iterator: Observations<Int, Never>.Iterator
  private var previous = 0
  private var op = 0

  init() {
    let model = self.model
    iterator = Observations { model.value }.makeAsyncIterator()
  }

  func setUp() async {
    var iterator = self.iterator
    previous = await iterator.next() ?? -1
    self.iterator = iterator
    _ = await run(2)
    counter.reset()
  }

  func run(_ iterations: Int) async -> Duration {
    var iterator = self.iterator
    var op = self.op
    var previous = self.previous
    let model = self.model
    let counter = self.counter
    let start = clock.now
    for _ in 0..<iterations {
      op &+= 1
      model.value = op
      let new = await iterator.next() ?? -1
      counter.record(old: previous, new: new)
      previous = new
    }
    let elapsed = clock.now - start
    self.iterator = iterator
    self.op = op
    self.previous = previous
    blackHole(counter.sum)
    return elapsed
  }

  func check(_ operations: Int) async -> BenchmarkFailure? {
    counter.reset()
    _ = await run(operations)
    defer { counter.reset() }
    guard counter.calls == operations, counter.sum == operations else {
      return BenchmarkFailure(
        message:
          "\(operations) sets delivered \(counter.calls) elements summing \(counter.sum); expected \(operations) and \(operations)"
      )
    }
    return nil
  }
}

/// Chain (`cell.document?.title`) or derived (`document.displayTitle`) through `Observations`.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class ObservationsTitle: AsyncBenchmark, @unchecked Sendable {
  private let document = ObservationDocument(title: title(at: -1))
  private let cell = ObservationCell()
  private let counter = Counter()
  private let length: (Int) -> Int
  private var iterator: Observations<String?, Never>.Iterator
  private var previous = 0
  private var op = 0

  /// `derived`: observe the document's display title; otherwise the title through the cell.
  init(derived: Bool) {
    cell.document = document
    let cell = self.cell
    let document = self.document
    if derived {
      length = displayLength(at:)
      iterator = Observations<String?, Never> { document.displayTitle }.makeAsyncIterator()
    } else {
      length = { title(at: $0).utf8.count }
      iterator = Observations<String?, Never> { cell.document?.title }.makeAsyncIterator()
    }
  }

  func setUp() async {
    var iterator = self.iterator
    previous = (await iterator.next() ?? nil)?.utf8.count ?? 0
    self.iterator = iterator
    _ = await run(2)
    counter.reset()
  }

  func run(_ iterations: Int) async -> Duration {
    var iterator = self.iterator
    var op = self.op
    var previous = self.previous
    let document = self.document
    let counter = self.counter
    let start = clock.now
    for _ in 0..<iterations {
      document.title = title(at: op)
      op &+= 1
      let new = (await iterator.next() ?? nil)?.utf8.count ?? 0
      counter.record(old: previous, new: new)
      previous = new
    }
    let elapsed = clock.now - start
    self.iterator = iterator
    self.op = op
    self.previous = previous
    blackHole(counter.sum)
    return elapsed
  }

  func check(_ operations: Int) async -> BenchmarkFailure? {
    counter.reset()
    let first = op
    _ = await run(operations)
    defer { counter.reset() }
    let expected = expectedStringSum(ops: first..<(first + operations), lagging: false, length: length)
    guard counter.calls == operations, counter.sum == expected else {
      return BenchmarkFailure(
        message:
          "\(operations) sets delivered \(counter.calls) elements with lengths summing \(counter.sum); expected \(operations) and \(expected)"
      )
    }
    return nil
  }
}
#endif

/// Makes an `Observations` benchmark, or says why there is none.
func makeObservationsBenchmark(_ kind: CaseID) -> Benchmark? {
  #if compiler(>=6.2)
  if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
    switch kind {
    case .setNotify: return BlockingBenchmark(ObservationsSetNotify())
    case .chain: return BlockingBenchmark(ObservationsTitle(derived: false))
    case .derived: return BlockingBenchmark(ObservationsTitle(derived: true))
    default: return nil
    }
  }
  #endif
  return nil
}
