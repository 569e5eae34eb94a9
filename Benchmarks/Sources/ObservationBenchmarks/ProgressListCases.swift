import Dispatch
import ObservationToken

// The progress-list cases: 1,000 rows, each changed 100 times in one frame by 4 threads,
// while each row is observed on a serial queue that stands for the main queue (this
// executable's main thread does not run the main queue) and writes a cell. The queue is
// suspended for the frame, as the main queue is busy drawing, then drained. One operation
// is one frame: 100,000 background changes. Per change, every change is queued and applied;
// with `delivery: .latest`, each row's newest value once.

/// Rows in the list, changes per row in a frame, and threads making them.
let progressRows = 1_000
let progressChangesPerFrame = 100
let progressThreads = 4

/// A row whose progress worker threads report.
/// `@unchecked Sendable`: each row is set by one thread (row `i` by thread `i % 4`), and
/// read only through its observation.
final class ProgressRow: KeyValueObservable, @unchecked Sendable {
  @Observed var progress = 0
}

/// The cells the stand-in main queue writes: touched only on that queue, or after draining it.
/// `@unchecked Sendable`: reached only from the delivery queue, then after `sync` on it.
final class ProgressCells: @unchecked Sendable {
  var values = [Int](repeating: 0, count: progressRows)
  var applies = 0
}

/// One frame per operation, delivered per change or with the latest value only.
func progressListBenchmark(delivery: ValueDelivery) -> Benchmark {
  let queue = DispatchQueue(label: "main queue stand-in")
  let rows = (0..<progressRows).map { _ in ProgressRow() }
  let cells = ProgressCells()
  let tokens = rows.indices.map { index in
    rows[index].observe(\.progress, on: queue, delivery: delivery) { value in
      cells.values[index] = value
      cells.applies &+= 1
    }
  }
  let frame = Box(0)
  let run = { (iterations: Int) -> Duration in
    let start = clock.now
    for _ in 0..<iterations {
      let base = frame.value &* progressChangesPerFrame
      queue.suspend()
      DispatchQueue.concurrentPerform(iterations: progressThreads) { thread in
        for step in 1...progressChangesPerFrame {
          for index in stride(from: thread, to: progressRows, by: progressThreads) {
            rows[index].progress = base &+ step
          }
        }
      }
      queue.resume()
      queue.sync {}
      frame.value &+= 1
    }
    let elapsed = clock.now - start
    blackHole(tokens.count)
    return elapsed
  }
  return ClosureBenchmark(
    run: run,
    check: { operations throws(BenchmarkFailure) in
      let applies = queue.sync { cells.applies }
      _ = run(1)
      let last = frame.value &* progressChangesPerFrame
      let frameApplies = queue.sync { cells.applies } - applies
      let expected = delivery == .latest ? progressRows : progressRows * progressChangesPerFrame
      try failIfNeeded(
        frameApplies == expected, "a frame made \(frameApplies) applies; expected \(expected)")
      try failIfNeeded(
        queue.sync { cells.values.allSatisfy { $0 == last } }, "a cell does not show its row's last value \(last)")
    }
  )
}
