#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The one lock box: a value that can only be reached while its lock is held.
///
/// Everything in the package that needs mutual exclusion goes through this type, so a
/// different platform floor would change this file only. The lock is a small spin lock
/// on an atomic, yielding the processor when contended: every critical section here is
/// a few instructions (copying or editing an array) and never runs user code, so a
/// holder is never long. Two alternatives were measured and rejected:
/// `Synchronization.Mutex` — ThreadSanitizer cannot see its synchronization inside the
/// uninstrumented standard library on Linux and reports races that are not there — and
/// `pthread_mutex_t`, whose calls cost a set with observers some 50 instructions.
///
/// `@unchecked Sendable`: the lock is what makes sharing it safe; values copied out of
/// `withLock` stay on the calling thread.
struct Locked<State>: ~Copyable, @unchecked Sendable {
  private let isLocked = Atomic<Bool>(false)
  /// Heap storage gives the state a stable address for in-place mutation.
  private let state: UnsafeMutablePointer<State>

  init(_ state: State) {
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: state)
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs `body` with exclusive access to the state. Never call user code from `body`.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock()
    defer { isLocked.store(false, ordering: .releasing) }
    return body(&state.pointee)
  }

  @inline(__always)
  private func lock() {
    if isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
    lockContended()
  }

  private func lockContended() {
    var spins = 0
    while true {
      if !isLocked.load(ordering: .relaxed),
        isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
      {
        return
      }
      spins += 1
      if spins > 32 { sched_yield() }
    }
  }
}
