import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-local slot holding one ``ThreadLocalContext`` per thread.
///
/// Each layer declares its own (the delivery depth here, dependency tracking in the
/// engine, the binding guard in the API), as a global `let`: the key lives in an atomic
/// that starts at zero, so the global is initialized statically and reaching it costs no
/// `swift_once`.
struct ThreadLocal<Context: ThreadLocalContext>: ~Copyable, Sendable {
  /// The `pthread` key plus one; zero until the first context is made.
  private let storedKey = Atomic<UInt>(0)

  init() {}

  /// Runs `body` with the calling thread's context, borrowed: the thread owns it until it
  /// exits, so the hot paths need not retain it.
  @inline(__always)
  func withCurrent<Result>(_ body: (Context) -> Result) -> Result {
    current._withUnsafeGuaranteedRef(body)
  }

  /// The calling thread's context, made on first use, unretained: the thread owns it. One
  /// call of `body` above, not one per path, so that it is inlined once.
  @inline(__always)
  var current: Unmanaged<Context> {
    if let key = knownKey, let pointer = pthread_getspecific(key) {
      return Unmanaged<Context>.fromOpaque(pointer)
    }
    return makeCurrent()
  }

  @inline(__always)
  private var knownKey: pthread_key_t? {
    let stored = storedKey.load(ordering: .acquiring)
    return stored == 0 ? nil : pthread_key_t(truncatingIfNeeded: stored &- 1)
  }

  /// Creates the calling thread's context, and the key on first use by any thread.
  @inline(never)
  private func makeCurrent() -> Unmanaged<Context> {
    let context = Unmanaged.passRetained(Context())
    pthread_setspecific(key(), context.toOpaque())
    return context
  }

  private func key() -> pthread_key_t {
    if let knownKey { return knownKey }
    var key = pthread_key_t()
    let status = pthread_key_create(&key, releaseThreadLocalContext)
    if status != 0 { fatalError("ObservationToken: cannot create a thread-local key (error \(status))") }
    let (exchanged, winner) = storedKey.compareExchange(
      expected: 0,
      desired: UInt(key) &+ 1,
      ordering: .acquiringAndReleasing
    )
    guard !exchanged else { return key }
    // Another thread created one first: use it, and give this one back.
    pthread_key_delete(key)
    return pthread_key_t(truncatingIfNeeded: winner &- 1)
  }
}

#if canImport(Darwin)
private func releaseThreadLocalContext(_ pointer: UnsafeMutableRawPointer) {
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
#else
private func releaseThreadLocalContext(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
#endif
