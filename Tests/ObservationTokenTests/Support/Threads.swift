import Dispatch
import Foundation

/// How long a join waits before calling the threads deadlocked. A deadlock detector, not a
/// timing check: generous, because a stress test under ThreadSanitizer on two cores busy
/// with other builds once needed more than two minutes (a false "deadlock" at 120 s).
let deadlockTimeout = DispatchTimeInterval.seconds(600)

/// A thread started by ``startThread(_:)``.
struct StartedThread: Sendable {
  fileprivate let group: DispatchGroup

  /// Waits for the thread to finish. Returns `false` if it has not finished within
  /// `timeout` (a deadlock), `true` otherwise.
  func join(timeout: DispatchTimeInterval = deadlockTimeout) -> Bool {
    group.wait(timeout: .now() + timeout) == .success
  }
}

/// Runs `body` on a new thread and returns at once; with `stackSize` bytes of stack, when
/// given (a secondary thread has 512 KiB on Apple platforms, 8 MiB on Linux).
func startThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> StartedThread {
  let group = DispatchGroup()
  group.enter()
  let thread = Thread {
    body()
    group.leave()
  }
  if let stackSize { thread.stackSize = stackSize }
  thread.start()
  return StartedThread(group: group)
}

/// Runs `body`, which blocks, on a thread of its own rather than one of the cooperative
/// pool, and returns its result: tests run on that pool, which has a thread per core, and
/// a test that blocks there while it waits for tasks (a stream's consumers) may find every
/// thread of the pool blocked by other tests, and the tasks never run.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
    _ = startThread { done.resume(returning: body()) }
  }
}

/// Runs `body(index)` for each index in `0..<count`, each on its own new thread, all
/// starting together once every thread exists, and waits for all of them — from a thread
/// of its own, so that a test joining its threads holds no thread of the cooperative pool,
/// which other tests' tasks need. Returns `false` if they have not all finished within
/// `timeout` (a deadlock), `true` otherwise.
func runOnThreads(
  _ count: Int,
  timeout: DispatchTimeInterval = deadlockTimeout,
  _ body: @escaping @Sendable (Int) -> Void
) async -> Bool {
  await onOwnThread { joinThreads(count, timeout: timeout, body) }
}

/// ``runOnThreads(_:timeout:_:)``'s work, joining on the calling thread.
private func joinThreads(
  _ count: Int,
  timeout: DispatchTimeInterval,
  _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  startTogether(count, body).allSatisfy { $0.join(timeout: timeout) }
}

/// Starts `body(index)` for each index in `0..<count`, each on its own new thread, all
/// released together once every thread exists, and returns the threads to join.
func startTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> [StartedThread] {
  let start = DispatchSemaphore(value: 0)
  let threads = (0..<count).map { index in
    startThread {
      start.wait()
      body(index)
    }
  }
  for _ in 0..<count { start.signal() }
  return threads
}
