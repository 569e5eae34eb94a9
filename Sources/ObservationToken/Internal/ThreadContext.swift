#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the engine remembers about the current thread: the dependency recorder of an
/// active tracking scope, and how deeply the thread is nested in handler deliveries.
///
/// Only the owning thread ever touches an instance, so it needs no lock; and no access
/// to its properties outlasts a statement, so they skip the runtime's exclusivity checks,
/// which would otherwise cost every registration a few hundred instructions.
final class ThreadContext {
  /// The reads recorded by the active tracking scopes, innermost scope's last.
  @exclusivity(unchecked) var recordedReads: [Dependency] = []
  /// Where the innermost scope's reads start in ``recordedReads``; `nil` when no scope
  /// is active, or while handlers run (their reads are not dependencies).
  @exclusivity(unchecked) var trackingStart: Int?
  /// How many handler deliveries are under way on this thread.
  @exclusivity(unchecked) var deliveryDepth = 0

  /// The bindings applying a value on this thread; see ``applying(_:_:)``.
  @exclusivity(unchecked) private var applyingBindings: Set<ObjectIdentifier> = []

  /// Runs `apply` for `binding` (its token's identity) unless that binding is already
  /// applying on this thread: two bindings in opposite directions would otherwise loop.
  func applying(_ binding: ObjectIdentifier, _ apply: () -> Void) {
    guard applyingBindings.insert(binding).inserted else { return }
    defer { applyingBindings.remove(binding) }
    apply()
  }

  /// Whether the thread is inside a handler, where waiting for other threads could deadlock.
  var isDelivering: Bool { deliveryDepth > 0 }

  /// What ``beginDelivery()`` changed, for ``endDelivery(_:)`` to restore.
  struct DeliveryMark {
    fileprivate let context: Unmanaged<ThreadContext>
    fileprivate let outerStart: Int?
  }

  /// The context of the calling thread, created on first use and released when the thread exits.
  static var current: ThreadContext {
    withCurrent { $0 }
  }

  /// Runs `body` with the calling thread's context, borrowed: the thread owns it until it
  /// exits, so the hot paths need not retain it.
  @inline(__always)
  static func withCurrent<Result>(_ body: (ThreadContext) -> Result) -> Result {
    if let key = ThreadContextKey.known, let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
    return makeCurrent()._withUnsafeGuaranteedRef(body)
  }

  /// Creates the calling thread's context, and the key on first use by any thread.
  @inline(never)
  private static func makeCurrent() -> Unmanaged<ThreadContext> {
    let context = Unmanaged.passRetained(ThreadContext())
    pthread_setspecific(ThreadContextKey.get(), context.toOpaque())
    return context
  }

  /// Runs handler deliveries: marks the thread as delivering, and suspends any tracking
  /// scope so reads made by handlers are not taken for dependencies.
  @inline(__always)
  static func delivering<Result>(_ body: () -> Result) -> Result {
    let mark = beginDelivery()
    defer { endDelivery(mark) }
    return body()
  }

  /// The closure-free form of ``delivering(_:)``, for the path every change takes:
  /// call ``endDelivery(_:)`` with the result once the handlers have run.
  @inline(__always)
  static func beginDelivery() -> DeliveryMark {
    withCurrent { context in
      let mark = DeliveryMark(context: Unmanaged.passUnretained(context), outerStart: context.trackingStart)
      context.trackingStart = nil
      context.deliveryDepth &+= 1
      return mark
    }
  }

  /// Ends what ``beginDelivery()`` began.
  @inline(__always)
  static func endDelivery(_ mark: DeliveryMark) {
    mark.context._withUnsafeGuaranteedRef { context in
      context.deliveryDepth &-= 1
      context.trackingStart = mark.outerStart
    }
  }

  /// Whether the calling thread is inside a handler; see ``isDelivering``.
  static var isDelivering: Bool {
    withCurrent { $0.isDelivering }
  }
}

/// The thread-local key that holds each thread's ``ThreadContext``.
///
/// Kept in a statically initialized atomic, not a lazy global: every access to a lazy
/// global goes through `swift_once`, and every observed change looks the context up.
private enum ThreadContextKey {
  /// The key plus one; zero until the first context is made.
  private static let stored = Atomic<UInt>(0)

  /// The key, if a thread has created it.
  @inline(__always)
  static var known: pthread_key_t? {
    let stored = stored.load(ordering: .acquiring)
    return stored == 0 ? nil : pthread_key_t(truncatingIfNeeded: stored &- 1)
  }

  /// The key, created by the first thread that needs it.
  static func get() -> pthread_key_t {
    if let known { return known }
    var key = pthread_key_t()
    let status = pthread_key_create(&key, releaseContext)
    precondition(status == 0, "ObservationToken: cannot create its thread-local key (error \(status))")
    let (exchanged, winner) = stored.compareExchange(
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
private func releaseContext(_ pointer: UnsafeMutableRawPointer) {
  Unmanaged<ThreadContext>.fromOpaque(pointer).release()
}
#else
private func releaseContext(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<ThreadContext>.fromOpaque(pointer).release()
}
#endif
