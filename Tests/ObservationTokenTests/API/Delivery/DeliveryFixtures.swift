import Dispatch
import Foundation
import ObservationToken

/// A model shared between threads: setters serialize themselves through `lock` (an
/// `@Observed` value is ordinary storage), so it may be `Sendable`.
/// `@unchecked Sendable`: every set in these tests happens under ``setLock``.
final class SharedProgress: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
  @Observed var items: [Int] = []
  let setLock = NSLock()

  /// Sets `value` under the model's lock, from any thread.
  func set(_ newValue: Int) {
    setLock.withLock { value = newValue }
  }
}

/// A model confined to the main actor, as an app's view model is; Sendable by isolation.
@MainActor
final class MainActorModel: KeyValueObservable {
  @Observed var title = "Untitled"
}

/// Waits until `queue` has run everything submitted before this call.
func drain(_ queue: DispatchQueue) {
  queue.sync {}
}

/// Keeps a value alive and reports when it is released.
final class DeliveryProbe: Sendable {}
