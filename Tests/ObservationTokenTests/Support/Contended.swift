import Foundation
import ObservationToken
import Synchronization

/// Two independent `@Observed` properties, set and observed from several threads.
///
/// `@unchecked Sendable`: its values are ordinary storage, so every test that shares it
/// sets a property, and adds an observation of it, only while holding that property's
/// ``PropertyGuard``. Removals and observer releases take no lock: the engine owns those.
final class ContendedCounters: KeyValueObservable, @unchecked Sendable {
  @Observed var first = 0
  @Observed var second = 0

  /// The property numbered `property` (0 or 1).
  func set(_ property: Int, to value: Int) {
    if property == 0 { first = value } else { second = value }
  }

  func addObserver(
    _ observer: any KeyValueObserving,
    to property: Int,
    options: KeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer? = nil
  ) {
    if property == 0 {
      addObserver(observer, forKeyPath: \.first, options: options, context: context)
    } else {
      addObserver(observer, forKeyPath: \.second, options: options, context: context)
    }
  }

  func removeObserver(
    _ observer: any KeyValueObserving,
    from property: Int,
    context: UnsafeMutableRawPointer?
  ) throws(KeyValueObservingError) {
    if property == 0 {
      try removeObserver(observer, forKeyPath: \.first, context: context)
    } else {
      try removeObserver(observer, forKeyPath: \.second, context: context)
    }
  }
}

/// The lock that one shared property's setters and adders take, with counts of the
/// sets made under it.
///
/// The lock is an `NSLock`, which ThreadSanitizer understands (see ``LockedValue``).
/// `@unchecked Sendable`: the lock is only used through `lock()` and `unlock()`.
final class PropertyGuard: @unchecked Sendable {
  private let lock = NSLock()
  private let begunSets = Atomic(0)
  private let finishedSets = Atomic(0)

  init() {}

  /// Sets that have begun: counted under the lock, before the store.
  var begun: Int { begunSets.load(ordering: .sequentiallyConsistent) }
  /// Sets that have finished: counted under the lock, after every observer returned.
  var finished: Int { finishedSets.load(ordering: .sequentiallyConsistent) }

  /// Runs `body` while holding the lock.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Runs `set` under the lock, counted as one set.
  func set(_ set: () -> Void) {
    withLock {
      begunSets.add(1, ordering: .sequentiallyConsistent)
      set()
      finishedSets.add(1, ordering: .sequentiallyConsistent)
    }
  }
}

/// A weak reference that can be checked from any thread once the work is done.
///
/// `@unchecked Sendable`: the runtime loads and clears weak references atomically.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
