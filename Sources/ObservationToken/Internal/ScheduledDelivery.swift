import Dispatch

/// Delivers payloads to a handler on a dispatch queue, in the order they were scheduled,
/// and stops at once when closed: a payload scheduled before ``close()`` that has not
/// started by then is dropped, and once `close()` returns the handler never starts again.
///
/// This is the one mechanism behind every delivery that is not synchronous — queue and
/// main-actor observations now, typed events later. Each call goes through a
/// ``DeliveryGate``, exactly as synchronous deliveries do.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release, which happens once no delivery is under way.
final class ScheduledDelivery<Payload: Sendable>: @unchecked Sendable {
  private let gate = DeliveryGate()
  private var handler: (@Sendable (Payload) -> Void)?
  private let queue: DispatchQueue

  init(on queue: DispatchQueue, handler: @escaping @Sendable (Payload) -> Void) {
    self.queue = queue
    self.handler = handler
  }

  /// Whether the delivery still runs its handler.
  var isOpen: Bool { gate.isOpen }

  /// Queues one call of the handler with `payload`, unless already closed.
  func schedule(_ payload: Payload) {
    guard gate.isOpen else { return }
    queue.async { [self] in
      guard gate.enter(orRelease: { handler = nil }) else { return }
      ThreadContext.delivering { handler?(payload) }
      gate.leave { handler = nil }
    }
  }

  /// Stops delivering. Once this returns the handler never starts again; a call under way
  /// on another thread is waited for, unless this thread is itself inside a handler.
  func close() {
    gate.close { handler = nil }
    gate.waitUntilIdleUnlessDelivering()
  }
}
