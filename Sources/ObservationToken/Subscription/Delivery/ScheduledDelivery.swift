import Dispatch
import Synchronization

/// A subscription whose handler runs on a dispatch queue: every payload, in the order they
/// were scheduled — or, keeping the latest only, the newest, once per queued call.
///
/// Keeping the latest only, a payload scheduled while one is waiting replaces it, so the
/// handler runs at most once per queued call, always with the latest payload, and the last
/// one scheduled always arrives: one call is queued when the slot goes from empty to full,
/// and it takes whatever the slot holds when it runs. Several deliveries on one serial
/// queue therefore run in the order each was first given a payload since its last call.
///
/// Either way, ending stops it at once — a payload scheduled before
/// ``Subscription/invalidate()`` that has not started by then is dropped, and once
/// `invalidate()` returns the handler never starts again. It decorates the subscription
/// that feeds it, which schedules the payloads: ending one ends both. This is the one
/// mechanism behind every delivery that is not synchronous — queue and main-actor
/// observations and events.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release; `waiting` is under its lock.
@usableFromInline
final class ScheduledDelivery<Payload: Sendable>: SubscriptionDecorator, @unchecked Sendable {
  private var handler: (@Sendable (Payload) -> Void)?
  private let queue: DispatchQueue
  /// Keeping the latest only, the slot of the payload the queued call will deliver; `nil`
  /// when every payload queues a call of its own. A reference, read without a lock: it
  /// never changes, and telling the two kinds apart reads nothing the slot's lock guards.
  private let waiting: LatestSlot?
  /// The thread (its delivery context's identity) whose calls run at once rather than
  /// queued, while it starts the observation from the delivery queue itself; 0 when none.
  private let inlineThread = Atomic<UInt>(0)
  /// Where the observation was made, for its description; unknown for an event's, whose
  /// subscription says it. (It fits the allocation's size class: the object costs no more.)
  private let madeAt: CompactSourceLocation

  @usableFromInline
  init(
    on queue: DispatchQueue,
    keepingLatestOnly: Bool = false,
    madeAt: CompactSourceLocation = .unknown,
    handler: @escaping @Sendable (Payload) -> Void
  ) {
    self.madeAt = madeAt
    self.queue = queue
    waiting = keepingLatestOnly ? LatestSlot() : nil
    self.handler = handler
  }

  /// Queues one call of the handler with `payload` — keeping the latest only, keeps it as
  /// the one to deliver, queueing a call only if none is waiting — unless ended; or makes
  /// the call at once, in place, when it comes from the thread inside
  /// ``startingInline(_:)``.
  @usableFromInline
  func schedule(_ payload: Payload) {
    guard isOpen else { return }
    let inline = inlineThread.load(ordering: .relaxed)
    if inline != 0, inline == Self.currentThread {
      call(payload)
      return
    }
    // Keeping the latest only: whether the slot was empty, so that a call must be queued.
    let wasEmpty = waiting?.replace(with: payload)
    switch wasEmpty {
    case nil: queue.async { [self] in call(payload) }
    case true?: queue.async { [self] in callWithLatest() }
    case false?: break
    }
  }

  /// Runs `body`, which starts the observation, making the calls it schedules from this
  /// thread at once: for a caller already on the delivery queue, whose `.initial` call then
  /// comes before `observe` returns, as KVO's does. Calls from other threads meanwhile are
  /// queued, behind it.
  @usableFromInline
  func startingInline(_ body: () -> Void) {
    inlineThread.store(Self.currentThread, ordering: .relaxed)
    body()
    inlineThread.store(0, ordering: .relaxed)
  }

  /// The queued call when keeping the latest only: takes the newest payload, emptying the
  /// slot so that the next one queues a new call, and delivers it.
  private func callWithLatest() {
    guard let payload = waiting?.take() else { return }
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

  override var madeAtDescription: String? { madeAt.description }

  override func releaseHandler() {
    handler = nil
    // A payload still waiting is never delivered now; its values go with the handler.
    let dropped = waiting?.take()
    withExtendedLifetime(dropped) {}
  }

  /// The payload waiting for a latest-value delivery's queued call.
  ///
  /// `@unchecked Sendable`: `payload` is read and written only under `lock`.
  private final class LatestSlot: @unchecked Sendable {
    private let lock = Lock()
    @exclusivity(unchecked) private var payload: Payload?

    /// Puts `new` in the slot; whether the slot was empty, so that a call must be queued.
    /// A payload of plain bits, which has no `deinit` to run, is replaced under the lock;
    /// any other is swapped out and let go once the lock is released, since it may hold
    /// the last reference to an object.
    func replace(with new: Payload) -> Bool {
      guard _isPOD(Payload.self) else { return replaceReleasingOutside(with: new) }
      return lock.withLock {
        defer { payload = new }
        return payload == nil
      }
    }

    /// The same, for a payload that may hold references. Out of line: the generic
    /// metadata it needs would otherwise be looked up on every call of ``replace(with:)``.
    @inline(never)
    private func replaceReleasingOutside(with new: Payload) -> Bool {
      var replaced: Payload? = new
      let wasEmpty = lock.withLock {
        swap(&payload, &replaced)
        return replaced == nil
      }
      return wasEmpty
    }

    /// Takes what the slot holds, leaving it empty.
    func take() -> Payload? {
      lock.withLock { payload.take() }
    }
  }
}
