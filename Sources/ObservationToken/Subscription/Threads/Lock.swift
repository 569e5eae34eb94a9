import Synchronization

/// The package's lock: every critical section in the package goes through ``withLock(_:)``,
/// so a lock is always released by the function that took it.
///
/// On Darwin it is `Mutex` (an unfair lock that donates priority to its holder). On Linux
/// `Mutex` is a futex inside the Synchronization library, which ThreadSanitizer cannot see
/// (it reports races on everything the lock guards) and which costs many times what this
/// does (INVARIANTS has the figures); so on Linux the lock is an atomic word that the calling code itself changes — ThreadSanitizer sees it — and a thread
/// that finds it held spins briefly, then sleeps in ``ThreadParking`` until the holder wakes
/// it. Critical sections are a few instructions and never run user code, so sleeping is rare.
///
/// Inlinable, for the one lock taken in code inlined into clients: the engine's tracked
/// read of a property, which creates the property's observer list on first use.
@usableFromInline
struct Lock: ~Copyable, Sendable {
  #if canImport(Darwin)
  @usableFromInline let mutex = Mutex<Void>(())

  init() {}

  @inlinable @inline(__always)
  func withLock<Result>(_ body: () -> Result) -> Result {
    mutex.withLock { _ in body() }
  }
  #else
  /// ``unlocked``, ``locked``, or ``lockedWithSleepers``.
  @usableFromInline let word = Atomic<UInt8>(0)

  @usableFromInline static var unlocked: UInt8 { 0 }
  @usableFromInline static var locked: UInt8 { 1 }
  /// Held, and a thread may be asleep waiting for it: unlocking wakes the sleepers.
  @usableFromInline static var lockedWithSleepers: UInt8 { 2 }

  init() {}

  /// Runs `body` holding the lock. Never call user code from `body`.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: () -> Result) -> Result {
    if !word.compareExchange(expected: Self.unlocked, desired: Self.locked, ordering: .acquiring).exchanged {
      lockContended()
    }
    // A fence is not a store: it keeps the optimizer from sinking a retain of something
    // `body` copied out below the unlock, where another thread could already change it.
    defer {
      atomicMemoryFence(ordering: .releasing)
      if word.exchange(Self.unlocked, ordering: .releasing) == Self.lockedWithSleepers {
        ThreadParking.wakeAll()
      }
    }
    return body()
  }

  /// Spins a little, then sleeps until the holder wakes this thread. A thread that has slept
  /// takes the lock as ``lockedWithSleepers``, since others may still be asleep.
  @usableFromInline @inline(never)
  func lockContended() {
    for _ in 0..<64 {
      if word.load(ordering: .relaxed) == Self.unlocked,
        word.compareExchange(expected: Self.unlocked, desired: Self.locked, ordering: .acquiring).exchanged
      {
        return
      }
    }
    while word.exchange(Self.lockedWithSleepers, ordering: .acquiring) != Self.unlocked {
      ThreadParking.sleep {
        // Asleep only while the lock is held and marked as having sleepers, so that its
        // holder's unlock is sure to wake this thread.
        word.compareExchange(expected: Self.locked, desired: Self.lockedWithSleepers, ordering: .relaxed)
          .original != Self.unlocked
      }
    }
  }
  #endif
}
