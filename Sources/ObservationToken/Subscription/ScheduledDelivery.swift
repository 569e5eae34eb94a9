import Dispatch

/// A subscription whose handler runs on a dispatch queue: payloads are delivered in the
/// order they were scheduled, and ending stops it at once — a payload scheduled before
/// ``Subscription/invalidate()`` that has not started by then is dropped, and once
/// `invalidate()` returns the handler never starts again.
///
/// It decorates the subscription that feeds it, which schedules the payloads: ending one
/// ends both. This is the one mechanism behind every delivery that is not synchronous —
/// queue and main-actor observations now, typed events later.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release.
final class ScheduledDelivery<Payload: Sendable>: SubscriptionDecorator, @unchecked Sendable {
  private var handler: (@Sendable (Payload) -> Void)?
  private let queue: DispatchQueue

  init(on queue: DispatchQueue, handler: @escaping @Sendable (Payload) -> Void) {
    self.queue = queue
    self.handler = handler
  }

  /// Queues one call of the handler with `payload`, unless ended.
  func schedule(_ payload: Payload) {
    guard isOpen else { return }
    queue.async { [self] in
      deliver { DeliveryDepth.delivering { handler?(payload) } }
    }
  }

  override func releaseHandler() {
    handler = nil
  }
}
