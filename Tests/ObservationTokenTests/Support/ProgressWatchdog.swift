import Dispatch
import Foundation
import Synchronization

/// Counts the steps a multithreaded test makes, so that a watchdog can tell a deadlock —
/// no step for a long time — from a run that is merely slow.
final class ProgressCounter: Sendable {
  private let steps = Atomic(0)

  init() {}

  /// Records one step.
  func step() {
    steps.add(1, ordering: .relaxed)
  }

  /// The steps recorded so far.
  var count: Int { steps.load(ordering: .relaxed) }
}

/// Runs `body(index)` for each index in `0..<count`, each on its own new thread, all
/// starting together, and waits for them while `progress` keeps counting steps. Returns
/// `false` as soon as no step was counted for `stall` (a deadlock: the threads are left
/// where they are, and every thread's stack is printed), `true` once every thread has
/// finished. A deadlock detector, not a
/// timing check: `stall` is far beyond any single step, even under a sanitizer on a
/// loaded machine.
func runWatched(
  _ count: Int,
  progress: ProgressCounter,
  stall: Duration = .seconds(60),
  _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  let threads = startTogether(count, body)
  let clock = ContinuousClock()
  var lastCount = progress.count
  var lastStep = clock.now
  for thread in threads {
    while !thread.join(timeout: .milliseconds(250)) {
      let now = progress.count
      if now != lastCount {
        lastCount = now
        lastStep = clock.now
      } else if clock.now - lastStep > stall {
        print("No progress for \(stall): every thread's stack follows.\n" + (allThreadStacks() ?? "(gdb unavailable)"))
        return false
      }
    }
  }
  return true
}
