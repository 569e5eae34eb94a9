import Dispatch
import Synchronization
import Testing

@testable import ObservationToken

/// Ending an async sequence from its termination handler, which the concurrency runtime
/// calls — from `Task.cancel()`, holding the task's lock — where nothing may wait.
@Suite("Async sequences ended by their consumer")
struct StreamTerminationTests {
  /// How long a step is given before the test calls it stuck: a deadlock detector, never a
  /// measure of speed — as long as any join's, since the consuming tasks need the
  /// cooperative pool, which other tests running at once may keep busy (120 s once ran
  /// out, with two runs of the suite and a benchmark sharing two cores).
  private static let stuck = deadlockTimeout

  @Test("Cancelling the consuming task ends the sequence without waiting for a call under way")
  func cancellingDoesNotWaitForACallUnderWay() async {
    for problem in await onOwnThread(Self.cancelWhileACallIsParked) { Issue.record(Comment(rawValue: problem)) }
  }

  @Test("Cancelling tasks that consume changes(of:) while another thread sets the property never deadlocks")
  func cancellingWhileSettingNeverDeadlocks() async {
    for problem in await onOwnThread(Self.cancelWhileSetting) { Issue.record(Comment(rawValue: problem)) }
  }

  /// A call parked inside the handler, the way a call under way sits in `yield` resuming the
  /// consumer, while another thread cancels the consumer. Every sequence is made by the
  /// initializer used here.
  private static func cancelWhileACallIsParked() -> [String] {
    var problems: [String] = []
    let ticker = SharedTicker()
    let parked = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let received = DispatchSemaphore(value: 0)
    let values = ObservedValues<Int>(bufferingPolicy: .unbounded) { yield in
      ticker.ticked.subscribe { value in
        if value == 1 {
          parked.signal()
          resume.wait()
        }
        yield(value)
      }
    }
    let consumed = DispatchSemaphore(value: 0)
    let task = Task.detached {
      for await _ in values { received.signal() }
      consumed.signal()
    }
    ticker.sender.send(0)
    if received.wait(timeout: .now() + stuck) == .timedOut { problems.append("the first value never arrived") }
    let sending = startThread { ticker.sender.send(1) }
    if parked.wait(timeout: .now() + stuck) == .timedOut { problems.append("the second call never started") }

    let cancelling = startThread { task.cancel() }
    // The sequence ends while the call is still parked: nothing waits for it.
    if consumed.wait(timeout: .now() + stuck) == .timedOut {
      problems.append("the sequence's termination waited for a call under way")
    }
    resume.signal()
    if !cancelling.join(timeout: stuck) { problems.append("Task.cancel() deadlocked with the call under way") }
    if !sending.join(timeout: stuck) { problems.append("the call under way never finished") }
    return problems
  }

  /// The torture's reproduction: a setter in a loop, and consumers cancelled one by one.
  private static func cancelWhileSetting() -> [String] {
    var problems: [String] = []
    let model = SharedProgress()
    let stop = Atomic<Bool>(false)
    let setter = startThread {
      var value = 0
      while !stop.load(ordering: .relaxed) {
        value &+= 1
        model.set(value)
      }
    }
    for _ in 0..<200 {
      let changes = model.changes(of: \.value, bufferingPolicy: .bufferingNewest(1))
      let received = DispatchSemaphore(value: 0)
      let task = Task.detached {
        for await _ in changes { received.signal() }
      }
      guard received.wait(timeout: .now() + stuck) == .success else {
        problems.append("no change arrived")
        break
      }
      let cancelling = startThread { task.cancel() }
      guard cancelling.join(timeout: stuck) else {
        problems.append("Task.cancel() deadlocked with a change under way")
        break
      }
    }
    stop.store(true, ordering: .relaxed)
    if !setter.join(timeout: stuck) { problems.append("the setter never finished") }
    return problems
  }
}
