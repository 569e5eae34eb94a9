import Synchronization
import Testing

@testable import ObservationToken

@Suite("The package's lock")
struct LockTests {
  @Test("Threads contending for one lock lose no update")
  func contendedUpdatesAreAllKept() async throws {
    let counter = Locked(0)
    let threads = 4
    let rounds = 20_000
    try #require(
      await runOnThreads(threads) { _ in
        for _ in 0..<rounds { counter.withLock { $0 += 1 } }
      }, "the threads did not finish: a deadlock")
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  /// Holding the lock for a while makes the others spin out and sleep; the holder's
  /// unlock must wake them, or this never finishes.
  @Test("Threads that sleep waiting for a lock held long are woken when it is released")
  func sleepersAreWoken() async throws {
    let holder = Locked(0)
    let entered = Atomic(0)
    try #require(
      await runOnThreads(3) { _ in
        for _ in 0..<50 {
          holder.withLock { value in
            entered.wrappingAdd(1, ordering: .relaxed)
            // Long enough that the other threads exhaust their spins.
            var spin = 0
            for step in 0..<20_000 { spin &+= step }
            value &+= spin == 0 ? 0 : 1
          }
        }
      }, "a thread waiting for the lock was never woken")
    #expect(holder.withLock { $0 } == 150)
    let enteredCount = entered.load(ordering: .relaxed)
    #expect(enteredCount == 150)
  }
}
