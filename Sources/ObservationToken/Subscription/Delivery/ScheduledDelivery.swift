import Dispatch
import Synchronization

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
  /// The thread (its delivery context's identity) whose calls run at once rather than
  /// queued, while it starts the observation from the delivery queue itself; 0 when none.
  private let inlineThread = Atomic<UInt>(0)

  init(on queue: DispatchQueue, handler: @escaping @Sendable (Payload) -> Void) {
    self.queue = queue
    self.handler = handler
  }

  /// Queues one call of the handler with `payload`, unless ended — or makes it at once, in
  /// place, when it comes from the thread inside ``startingInline(_:)``.
  func schedule(_ payload: Payload) {
    guard isOpen else { return }
    let inline = inlineThread.load(ordering: .relaxed)
    if inline != 0, inline == Self.currentThread {
      call(payload)
      return
    }
    queue.async { [self] in call(payload) }
  }

  /// Runs `body`, which starts the observation, making the calls it schedules from this
  /// thread at once: for a caller already on the delivery queue, whose `.initial` call then
  /// comes before `observe` returns, as KVO's does. Calls from other threads meanwhile are
  /// queued, behind it.
  func startingInline(_ body: () -> Void) {
    inlineThread.store(Self.currentThread, ordering: .relaxed)
    body()
    inlineThread.store(0, ordering: .relaxed)
  }

  private func call(_ payload: Payload) {
    deliver { DeliveryDepth.delivering { handler?(payload) } }
  }

  /// Identifies the calling thread: its delivery context lives as long as the thread, and
  /// no two live threads share one.
  private static var currentThread: UInt {
    UInt(bitPattern: ObjectIdentifier(DeliveryDepth.context))
  }

  override func releaseHandler() {
    handler = nil
  }
}
