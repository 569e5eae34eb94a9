import Dispatch
import Foundation
import ObservationToken

// The frame scaling family: `frameRows` rows bound on the main actor
// (`bind(_:to:_:on: MainActor.shared, delivery:)`), each changed N times a frame by 4
// threads while the main thread is busy (it takes part in making the changes, as a main
// thread drawing a frame would not run the main queue), then the main thread runs the main
// queue (Foundation's run loop, as an app's does) until every apply of the frame is made.
// Only that drain is counted: the unit is one background change, so the figure is the
// main thread's instructions per background change; and the applies per row per frame are
// counted natively (per change: N; latest value: 1).

/// Rows in the list and threads making the changes.
let frameRows = 100
let frameThreads = 4

/// A cell's progress view on the main actor, counting the applies it receives.
@MainActor
final class FrameCell {
  let applies: FrameApplies
  var progress = 0 {
    didSet { applies.count &+= 1 }
  }

  init(_ applies: FrameApplies) { self.applies = applies }
}

@MainActor
final class FrameApplies {
  var count = 0
}

/// One point of the frame family: `frames` frames of `changesPerRow` changes to each row,
/// delivered per change or with the latest value. Runs on the main thread, which is the
/// main actor's.
func measureFramePoint(delivery: ValueDelivery, changesPerRow: Int, frames: Int) throws(BenchmarkFailure)
  -> ScalingPoint
{
  let result = MainActor.assumeIsolated { () -> Result<ScalingPoint, BenchmarkFailure> in
    do throws(BenchmarkFailure) {
      return .success(try runFrames(delivery: delivery, changesPerRow: changesPerRow, frames: frames))
    } catch {
      return .failure(error)
    }
  }
  return try result.get()
}

@MainActor
private func runFrames(delivery: ValueDelivery, changesPerRow: Int, frames: Int) throws(BenchmarkFailure)
  -> ScalingPoint
{
  let rows = (0..<frameRows).map { _ in ProgressRow() }
  let applies = FrameApplies()
  let cells = (0..<frameRows).map { _ in FrameCell(applies) }
  var bag = ObservationBag()
  for (row, cell) in zip(rows, cells) {
    row.bind(\.progress, to: cell, \.progress, on: MainActor.shared, delivery: delivery).store(in: &bag)
  }
  let appliesPerFrame = delivery == .latest ? frameRows : frameRows * changesPerRow
  var last = 0
  /// Makes one frame's changes, the main thread among the threads (so the main queue waits).
  func makeFrame() {
    let base = last
    DispatchQueue.concurrentPerform(iterations: frameThreads) { thread in
      for step in 1...changesPerRow {
        for index in stride(from: thread, to: frameRows, by: frameThreads) { rows[index].progress = base &+ step }
      }
    }
    last = base &+ changesPerRow
  }
  /// Runs the main queue until `target` applies have been made, or fails after a while.
  func drain(until target: Int) throws(BenchmarkFailure) {
    let deadline = Date(timeIntervalSinceNow: 60)
    while applies.count < target {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
      try failIfNeeded(Date() < deadline, "a frame made \(applies.count) of \(target) applies within a minute")
    }
  }

  // The check: one frame, unmeasured.
  let initial = applies.count
  makeFrame()
  try drain(until: initial + appliesPerFrame)
  try failIfNeeded(
    applies.count == initial + appliesPerFrame,
    "a frame made \(applies.count - initial) applies; expected \(appliesPerFrame)")
  try failIfNeeded(cells.allSatisfy { $0.progress == last }, "a cell does not show its row's last value \(last)")

  let start = applies.count
  var elapsed = Duration.zero
  for frame in 1...frames {
    makeFrame()
    var failure: BenchmarkFailure?
    let began = clock.now
    countedWork {
      do throws(BenchmarkFailure) {
        try drain(until: start + frame * appliesPerFrame)
      } catch {
        failure = error
      }
    }
    elapsed += clock.now - began
    if let failure { throw failure }
  }
  try failIfNeeded(
    applies.count == start + frames * appliesPerFrame,
    "\(frames) frames made \(applies.count - start) applies; expected \(frames * appliesPerFrame)")
  try failIfNeeded(cells.allSatisfy { $0.progress == last }, "a cell does not show its row's last value \(last)")
  withExtendedLifetime(bag) {}
  return ScalingPoint(
    units: frameRows * changesPerRow * frames,
    elapsed: elapsed,
    appliesPerRowPerFrame: Double(applies.count - start) / Double(frameRows * frames)
  )
}
