/// Runs a source's first- and last-subscriber actions as its ``SubscriberList`` makes the
/// transitions: in the list's order (so they strictly alternate), one at a time, and with
/// no lock held while an action runs.
///
/// The thread that changed the count performs the transition at once, unless an action is
/// running on another thread or an earlier transition has not been handed in yet (its
/// thread is between the list's lock and this call); then that other thread runs it, right
/// after its own. An action may subscribe or unsubscribe again: the transition it causes
/// runs after it returns, on the same thread.
///
/// `@unchecked Sendable`: the actions are called by one thread at a time (the `isRunning`
/// flag, under the lock); the rest is under the lock.
final class TransitionActions: @unchecked Sendable {
  private let first: () -> Void
  private let last: () -> Void

  private struct State {
    /// The serial of the next transition to run.
    var next: UInt64 = 1
    /// Transitions handed in before their turn.
    var waiting: [UInt64: CountTransition.Kind] = [:]
    /// Whether a thread is running actions now.
    var isRunning = false

    /// Takes the next transition if it is here, marking this thread as the runner; `nil`
    /// (and no runner) otherwise.
    mutating func takeNext() -> CountTransition.Kind? {
      guard let kind = waiting.removeValue(forKey: next) else {
        isRunning = false
        return nil
      }
      next &+= 1
      isRunning = true
      return kind
    }
  }

  private let state = Locked(State())

  init(onFirst first: @escaping () -> Void, onLast last: @escaping () -> Void) {
    self.first = first
    self.last = last
  }

  /// Hands in what an insertion or removal did; runs the actions whose turn has come.
  func perform(_ change: ListChange) {
    guard let transition = change.transition else { return }
    var kind = state.withLock { state -> CountTransition.Kind? in
      state.waiting[transition.serial] = transition.kind
      return state.isRunning ? nil : state.takeNext()
    }
    while let current = kind {
      switch current {
      case .first: first()
      case .last: last()
      }
      kind = state.withLock { $0.takeNext() }
    }
  }
}
