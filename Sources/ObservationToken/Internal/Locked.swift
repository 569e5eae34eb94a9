import Synchronization

/// The one lock box: a value that can only be reached while its lock is held.
///
/// Everything in the package that needs mutual exclusion goes through this type, so a
/// different platform floor would change this file only. It is `@unchecked Sendable`
/// because the lock is what makes sharing it safe; values copied out of `withLock` stay
/// on the calling thread.
struct Locked<State>: ~Copyable, @unchecked Sendable {
  private let mutex: Mutex<Unchecked<State>>

  init(_ state: State) {
    mutex = Mutex(Unchecked(value: state))
  }

  /// Runs `body` with exclusive access to the state. Never call user code from `body`.
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    mutex.withLock { box in Unchecked(value: body(&box.value)) }.value
  }
}

/// Carries a value across the lock's `sending` boundary; see ``Locked``.
struct Unchecked<Value>: @unchecked Sendable {
  var value: Value
}
