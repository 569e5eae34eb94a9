/// The list entry of a subscription delivered on a queue: it hands each value to the
/// ``ScheduledDelivery`` its token holds, which runs the handler on the queue.
///
/// It holds the delivery weakly (the token owns it), so the sender can end the whole
/// subscription — entry and queued calls alike — when it removes all subscriptions or is
/// released.
///
/// `@unchecked Sendable`: the delivery is a weak reference, which the runtime loads
/// atomically, set once before the entry is shared.
class QueuedSubscription<Parameter: Sendable>: EventSubscription, @unchecked Sendable {
  private weak var delivery: ScheduledDelivery<Parameter>?

  init(source: SubscriberSource, origin: SubscriptionOrigin, delivery: ScheduledDelivery<Parameter>) {
    self.delivery = delivery
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    guard let delivery else { return false }
    delivery.schedule(parameter.pointer(to: Parameter.self).pointee)
    return true
  }

  override var whole: Subscription { delivery ?? self }

  /// Ending the entry, for whatever reason — even refused by a source already gone — ends
  /// the delivery, which then lets go of the handler at once rather than when its token goes.
  override func didEnd() {
    if endsDeliveryWithEntry { delivery?.end() }
    super.didEnd()
  }

  /// Whether ending the entry ends the delivery too; a one-shot entry ended by the send that
  /// claimed its call leaves that call to the token.
  var endsDeliveryWithEntry: Bool { true }
}
