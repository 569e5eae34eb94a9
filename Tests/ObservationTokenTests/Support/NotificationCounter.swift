import ObservationToken

/// A thread-safe count that outlives the observer feeding it, so calls can be counted
/// after the observer is released.
final class NotificationCounter: Sendable {
  private let value = LockedValue(0)

  init() {}

  var count: Int { value.withLock { $0 } }

  func increment() {
    value.withLock { $0 += 1 }
  }
}

/// Counts its calls into a ``NotificationCounter`` it does not own.
final class CountingObserver: KeyValueObserving, Sendable {
  let counter: NotificationCounter

  init(into counter: NotificationCounter = NotificationCounter()) {
    self.counter = counter
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    counter.increment()
  }
}
