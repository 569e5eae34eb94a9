import ObservationToken

/// Runs a closure for each change it receives, to act from inside a delivery: read the
/// observed object, add or remove observers, set properties again.
///
/// Single-threaded: tests that use it make every change on the test's own thread.
final class ReactingObserver: KeyValueObserving {
  /// What to do on each call: receives this observer and the change.
  var reaction: (ReactingObserver, KeyValueChange) -> Void
  /// How many calls it received.
  private(set) var callCount = 0

  init(_ reaction: @escaping (ReactingObserver, KeyValueChange) -> Void = { _, _ in }) {
    self.reaction = reaction
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    callCount += 1
    reaction(self, change)
  }
}
