import Dispatch
import Synchronization

/// A subscription whose handler runs on a dispatch queue with only the newest payload:
/// payloads scheduled while one is waiting replace it, so the handler runs at most once per
/// queued call, always with the latest payload, and the last one scheduled always arrives.
///
/// One call is queued when the slot goes from empty to full; that call takes whatever the
/// slot holds when it runs. Several deliveries on one serial queue therefore run in the
/// order each was first given a payload since its last call. Ending stops it at once, as
/// for ``ScheduledDelivery``: a payload waiting when ``Subscription/invalidate()`` is
/// called is dropped, and once `invalidate()` returns the handler never starts again.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release; `waiting` is under its lock.
@usableFromInline
final class LatestValueDelivery<Payload: Sendable>: SubscriptionDecorator, @unchecked Sendable {
  private var handler: (@Sendable (Payload) -> Void)?
  private let queue: DispatchQueue
  /// The payload that the queued call will deliver; `nil` when no call is queued.
  private let waiting = Locked<Payload?>(nil)
  /// The thread (its delivery context's identity) whose calls run at once rather than
  /// queued, while it starts the observation from the delivery queue itself; 0 when none.
  private let inlineThread = Atomic<UInt>(0)

  @usableFromInline
  init(on queue: DispatchQueue, handler: @escaping @Sendable (Payload) -> Void) {
    self.queue = queue
    self.handler = handler
  }

  /// Keeps `payload` as the one to deliver, queueing a call only if none is waiting — or
  /// makes the call at once, in place, when it comes from the thread inside
  /// ``startingInline(_:)``.
  @usableFromInline
  func schedule(_ payload: Payload) {
    guard isOpen else { return }
    let inline = inlineThread.load(ordering: .relaxed)
    if inline != 0, inline == Self.currentThread {
      call(payload)
      return
    }
    let wasEmpty = waiting.withLock { waiting in
      defer { waiting = payload }
      return waiting == nil
    }
    if wasEmpty { queue.async { [self] in callWithLatest() } }
  }

  /// Runs `body`, which starts the observation, making the calls it schedules from this
  /// thread at once: for a caller already on the delivery queue, whose `.initial` call then
  /// comes before `observe` returns. Calls from other threads meanwhile wait, behind it.
  @usableFromInline
  func startingInline(_ body: () -> Void) {
    inlineThread.store(Self.currentThread, ordering: .relaxed)
    body()
    inlineThread.store(0, ordering: .relaxed)
  }

  /// The queued call: takes the newest payload, emptying the slot so that the next one
  /// queues a new call, and delivers it.
  private func callWithLatest() {
    guard let payload = waiting.withLock({ $0.take() }) else { return }
    call(payload)
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
    // A payload still waiting is never delivered now; its values go with the handler.
    let dropped = waiting.withLock { $0.take() }
    withExtendedLifetime(dropped) {}
  }
}
