import Synchronization

/// A subscription delivered on a queue that claims its one call as the first send reaches
/// it: of two sends on two threads only one wins the claim, and it ends the entry then, on
/// the sending thread, so a later send finds it ended. The call queued stays subject to the
/// token: invalidated before it starts, it never starts.
///
/// The claim comes before the end: ending an entry otherwise ends its delivery (a queued
/// subscription lets go of its handler as soon as it ends), and the claimed call must still
/// run. Every other end — the token's, the sender's `removeAllSubscriptions()` or release —
/// ends the delivery itself first.
///
/// `@unchecked Sendable`: the claim is an atomic; ``QueuedSubscription`` says what guards the
/// rest.
final class OneShotQueuedSubscription<Parameter: Sendable>: QueuedSubscription<Parameter>, @unchecked Sendable {
  private let claimed = Atomic<Bool>(false)

  override func receive(_ parameter: ErasedValue) -> Bool {
    guard claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged,
      end()
    else { return false }
    return super.receive(parameter)
  }

  override var endsDeliveryWithEntry: Bool { !claimed.load(ordering: .acquiring) }

  override var kindDescription: String { "one-shot \(super.kindDescription)" }
}
