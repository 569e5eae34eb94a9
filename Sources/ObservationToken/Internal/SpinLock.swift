#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The package's lock: a small spin lock on an atomic, yielding the processor when
/// contended. Every critical section in the package is a few instructions and never runs
/// user code, so a holder is never long. Use it through ``Locked`` where the lock guards
/// a value; directly only where the guarded memory is not Swift's to own (see
/// ``ObservedStorageLocks``).
///
/// Two alternatives were measured and rejected: `Synchronization.Mutex` —
/// ThreadSanitizer cannot see its synchronization inside the uninstrumented standard
/// library on Linux and reports races that are not there — and `pthread_mutex_t`, whose
/// calls cost a set with observers some 50 instructions.
struct SpinLock: ~Copyable, Sendable {
  private let isLocked = Atomic<Bool>(false)

  init() {}

  @inline(__always)
  func lock() {
    if isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
    lockContended()
  }

  /// Releases the lock. The fence before the store costs no instruction on x86-64, yet
  /// it is what keeps a value copied out under the lock retained *before* the lock is
  /// released: Swift's LLVM-level ARC pass moves a retain down past any plain or atomic
  /// store, and it once moved the retain of a delivery's copy of the observers past this
  /// one, so that a thread removing an entry found the array uniquely referenced and
  /// shifted it in place while the delivery was iterating it. A fence is not a store, and
  /// stops that motion.
  @inline(__always)
  func unlock() {
    atomicMemoryFence(ordering: .releasing)
    isLocked.store(false, ordering: .releasing)
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
