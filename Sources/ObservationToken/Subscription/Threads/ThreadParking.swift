#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where threads sleep until a lock is released or a delivery under way ends: one
/// `pthread` mutex and condition for the whole package, since a thread sleeps only when
/// another holds a few-instruction lock or is inside a handler it must wait for.
///
/// The sleeper decides to sleep under the mutex; the waker wakes under it after making the
/// change the sleeper waits for. So a wake-up can never fall between the decision and the
/// sleep. Sleepers recheck after every wake-up: a wake-up may be meant for another.
@usableFromInline
enum ThreadParking {
  private struct Parking {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>
  }

  /// Made once, on first contention, and never freed.
  private nonisolated(unsafe) static let parking: Parking = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    return Parking(mutex: mutex, condition: condition)
  }()

  /// Sleeps while `shouldSleep()` says so; `shouldSleep` runs under the parking mutex
  /// before each sleep, so a ``wakeAll()`` made after what it waits for cannot be missed.
  static func sleep(while shouldSleep: () -> Bool) {
    let parking = parking
    pthread_mutex_lock(parking.mutex)
    while shouldSleep() { pthread_cond_wait(parking.condition, parking.mutex) }
    pthread_mutex_unlock(parking.mutex)
  }

  /// Wakes every sleeping thread; each rechecks whether it may go on.
  @usableFromInline @inline(never)
  static func wakeAll() {
    let parking = parking
    pthread_mutex_lock(parking.mutex)
    pthread_cond_broadcast(parking.condition)
    pthread_mutex_unlock(parking.mutex)
  }
}
