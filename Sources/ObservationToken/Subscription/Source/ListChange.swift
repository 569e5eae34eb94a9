/// What an insertion or removal did. The count transitions come back to the caller, which
/// acts on them (a sender's first- and last-subscriber callbacks) outside the lock.
enum ListChange: Equatable {
  /// Nothing: the list is detached, or the subscriber to remove is not in it.
  case refused
  /// A subscriber was added or removed, and the list was not and is not empty.
  case changed
  /// The first subscriber arrived, or the last one left.
  case transition(CountTransition)

  /// The transition, if the list became non-empty or empty.
  var transition: CountTransition? {
    guard case .transition(let transition) = self else { return nil }
    return transition
  }
}
