#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one lock box: a value that can only be reached while its lock is held.
///
/// Everything in the package that needs mutual exclusion goes through this type, so a
/// different platform floor would change this file only. It is a `pthread_mutex_t`
/// rather than `Synchronization.Mutex`: ThreadSanitizer cannot see the synchronization
/// inside the uninstrumented standard library's `Mutex` on Linux and reports races that
/// are not there, while it understands pthread mutexes. Lock and state share one
/// allocation, which gives the mutex the stable address it needs.
///
/// `@unchecked Sendable`: the lock is what makes sharing it safe; values copied out of
/// `withLock` stay on the calling thread.
struct Locked<State>: ~Copyable, @unchecked Sendable {
  private struct Storage {
    var mutex = pthread_mutex_t()
    var state: State
  }

  private let storage: UnsafeMutablePointer<Storage>

  init(_ state: State) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage(state: state))
    let status = pthread_mutex_init(&storage.pointee.mutex, nil)
    precondition(status == 0, "ObservationToken: cannot create a mutex (error \(status))")
  }

  deinit {
    pthread_mutex_destroy(&storage.pointee.mutex)
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Runs `body` with exclusive access to the state. Never call user code from `body`.
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    pthread_mutex_lock(&storage.pointee.mutex)
    defer { pthread_mutex_unlock(&storage.pointee.mutex) }
    return body(&storage.pointee.state)
  }
}
