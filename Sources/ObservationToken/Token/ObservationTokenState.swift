/// The lifecycle of an ``ObservationToken``: starting (its registration is being made,
/// which may run the `.initial` call), running, or ended.
///
/// Mutations return the ``Action`` to perform once the token's lock is released, so the
/// engine is never called with the lock held.
struct ObservationTokenState {
  enum Action {
    case none
    /// Invalidate this registration, outside the lock.
    case invalidate(any ObservationRegistration)
  }

  private enum Phase {
    case starting
    case running(any ObservationRegistration)
    /// Invalidated; `registration` is kept for its description, or `nil` if the token
    /// was invalidated during its `.initial` call, before it had one.
    case ended(registration: (any ObservationRegistration)?)
  }

  private var phase = Phase.starting

  /// The registration, once made.
  var registration: (any ObservationRegistration)? {
    switch phase {
    case .starting: nil
    case .running(let registration): registration
    case .ended(let registration): registration
    }
  }

  /// Whether the token has not been invalidated.
  var isRunning: Bool {
    if case .ended = phase { return false }
    return true
  }

  /// The registration has been made. If the token was invalidated meanwhile (inside its
  /// `.initial` call), it ends at once.
  mutating func attach(_ registration: any ObservationRegistration) -> Action {
    switch phase {
    case .starting:
      phase = .running(registration)
      return .none
    case .running, .ended:
      phase = .ended(registration: registration)
      return .invalidate(registration)
    }
  }

  /// `invalidate()` was called.
  mutating func invalidate() -> Action {
    switch phase {
    case .starting:
      phase = .ended(registration: nil)
      return .none
    case .running(let registration):
      phase = .ended(registration: registration)
      return .invalidate(registration)
    case .ended:
      return .none
    }
  }
}
