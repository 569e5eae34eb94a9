/// A subscription delivered on a queue that claims its one call as the first send reaches
/// it: it ends itself then, on the sending thread, so of two sends on two threads only one
/// queues a call, and a later send finds it ended. The call queued stays subject to the
/// token: invalidated before it starts, it never starts.
///
/// `@unchecked Sendable`: no state of its own; ``QueuedSubscription`` says what guards its.
final class OneShotQueuedSubscription<Parameter: Sendable>: QueuedSubscription<Parameter>, @unchecked Sendable {
  override func receive(_ parameter: ErasedValue) -> Bool {
    end() && super.receive(parameter)
  }

  override var kindDescription: String { "one-shot \(super.kindDescription)" }
}
