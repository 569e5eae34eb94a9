#if !canImport(ObjectiveC)
import Foundation

/// A value behind an `NSLock`, which ThreadSanitizer sees (it does not see `Mutex` on
/// Linux): the model's one lock, never held while an observer or a released object runs.
///
/// `@unchecked Sendable`: `state` is only touched inside `withLock`.
final class Protected<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }
}
#endif
