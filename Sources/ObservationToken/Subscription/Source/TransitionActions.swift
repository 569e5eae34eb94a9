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
/// `@unchecked Sendable`: the actions are copied out under the lock and called by one thread
/// at a time (the `isRunning` flag, under the lock); the rest is under the lock.
final class TransitionActions: @unchecked Sendable {
  private struct State {
    /// The actions; `nil` once discarded.
    var actions: (first: () -> Void, last: () -> Void)?
    /// The serial of the next transition to run.
    var next: UInt64 = 1
    /// Transitions handed in before their turn.
    var waiting: [UInt64: CountTransition.Kind] = [:]
    /// Whether a thread is running actions now.
    var isRunning = false

    /// Takes the action of the next transition if it is here, marking this thread as the
    /// runner; `nil` (and no runner) otherwise.
    mutating func takeNext() -> (() -> Void)? {
      guard let kind = waiting.removeValue(forKey: next) else {
        isRunning = false
        return nil
      }
      next &+= 1
      isRunning = true
      guard let actions else { return {} }
      return kind == .first ? actions.first : actions.last
    }
  }

  private let state: Locked<State>

  init(onFirst first: @escaping () -> Void, onLast last: @escaping () -> Void) {
    state = Locked(State(actions: (first, last)))
  }

  /// Hands in what an insertion or removal did; runs the actions whose turn has come.
  func perform(_ change: ListChange) {
    guard let transition = change.transition else { return }
    var action = state.withLock { state -> (() -> Void)? in
      state.waiting[transition.serial] = transition.kind
      return state.isRunning ? nil : state.takeNext()
    }
    while let current = action {
      current()
      action = state.withLock { $0.takeNext() }
    }
  }

  /// Releases the actions (and what they capture, which may hold subscriptions to the
  /// source itself); transitions from now on run nothing. For a source that is gone.
  func discard() {
    let discarded = state.withLock { state in
      defer { state.actions = nil }
      return state.actions
    }
    withExtendedLifetime(discarded) {}  // released here, with no lock held
  }
}
