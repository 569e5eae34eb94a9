/// The one lock box: a value that can only be reached while its ``Lock`` is held.
///
/// Everything in the package that needs mutual exclusion over a value goes through this
/// type, so a different platform floor would change this file and ``Lock`` only.
///
/// `@unchecked Sendable`: the lock is what makes sharing it safe; values copied out of
/// `withLock` stay on the calling thread.
struct Locked<State>: ~Copyable, @unchecked Sendable {
  private let lock = Lock()
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
    lock.withLock { body(&state.pointee) }
  }
}
