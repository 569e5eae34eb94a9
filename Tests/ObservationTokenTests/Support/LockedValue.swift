import Foundation

/// A value that is reached only while holding its lock, shared between threads.
///
/// It is backed by `NSLock` (a pthread mutex), not `Synchronization.Mutex`: on Linux,
/// ThreadSanitizer does not see the synchronization `Mutex` provides and reports races
/// where there are none, so the tests' own bookkeeping uses a lock it understands.
/// `@unchecked Sendable`: the lock serializes every access to `value`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
