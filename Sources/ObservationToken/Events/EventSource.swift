import Synchronization

/// What an ``EventSender`` and its ``Event`` share: the subscriber list, the name, and the
/// first- and last-subscriber actions.
///
/// Subscriptions hold it (to take themselves out of the list); the sender holds it and
/// detaches it when released, which ends every subscription. It never holds the sender,
/// so an ``Event`` cannot lead back to it.
///
/// `@unchecked Sendable`: the list is safe from any thread, the actions run one at a time
/// (``TransitionActions``), and nothing else changes.
@usableFromInline
final class EventSource: @unchecked Sendable {
  @usableFromInline let subscribers = SubscriberList<EventSubscription>()
  let name: String?
  /// The type of the values sent, which every subscription reads them back as.
  let parameterType: Any.Type
  /// `nil` when the sender has neither callback: no transition needs running.
  private let transitions: TransitionActions?

  init(name: String?, parameterType: Any.Type, onFirstSubscribe: (() -> Void)?, onLastUnsubscribe: (() -> Void)?) {
    self.name = name
    self.parameterType = parameterType
    if onFirstSubscribe == nil && onLastUnsubscribe == nil {
      transitions = nil
    } else {
      transitions = TransitionActions(onFirst: onFirstSubscribe ?? {}, onLast: onLastUnsubscribe ?? {})
    }
  }

  /// Whether any subscription is in the list: an atomic load, no lock.
  @inlinable
  var hasSubscribers: Bool { subscribers.count.load(ordering: .relaxed) != 0 }

  /// Adds a subscription, then runs the first-subscriber action if this was the first. A
  /// detached source (its sender released) ends the subscription at once.
  func add(_ subscription: EventSubscription) {
    let change = subscribers.insert(subscription)
    guard change != .refused else {
      subscription.end()
      return
    }
    transitions?.perform(change)
  }

  /// Takes a subscription out, then runs the last-subscriber action if it was the last.
  func remove(_ subscription: EventSubscription) {
    let change = subscribers.remove(subscription)
    transitions?.perform(change)
  }

  /// Calls every subscription registered now with `parameter`: what both senders' `send`
  /// do. With no subscription, a load and a branch.
  @inlinable
  func send<Parameter>(value parameter: Parameter) -> Bool {
    guard hasSubscribers else { return false }
    return ErasedValue.with(parameter) { send($0) }
  }

  /// Ends every subscription made so far, as if each token were invalidated; then waits for
  /// the sends under way, which may still be calling subscriptions that other threads were
  /// ending and that had left the list already.
  func removeAllSubscriptions() {
    let (subscriptions, sendsUnderWay) = subscribers.entriesEndingAll()
    for subscription in subscriptions { subscription.whole.invalidate() }
    subscribers.waitForDeliveries(before: sendsUnderWay)
  }

  /// Calls every subscription registered now, in order, on this thread, with no lock
  /// held, with `parameter`: the address of a value of the parameter type, valid for the
  /// call. Returns whether any handler was called.
  @usableFromInline
  func send(_ parameter: ErasedValue) -> Bool {
    guard let reading = subscribers.beginReading() else { return false }
    var called = false
    DeliveryDepth.delivering {
      reading.forEach { subscription in
        subscription.deliver {
          if subscription.receive(parameter) { called = true }
        }
      }
    } traced: {
      called = sendTraced(parameter, to: reading)
    }
    subscribers.endReading(reading)
    return called
  }

  /// The same calls, each with its subscription on the thread's trace: a handler that
  /// sends what it receives again, without end, would overflow the stack; it stops with a
  /// message naming it instead (see ``DeliveryDepth``). Reached only nested deeply.
  @inline(never)
  func sendTraced(_ parameter: ErasedValue, to reading: SubscriberList<EventSubscription>.Reading) -> Bool {
    var called = false
    reading.forEach { subscription in
      DeliveryDepth.tracing(subscription) {
        Misuse.sendsWithoutEnd(subscription)
      } _: {
        subscription.deliver {
          if subscription.receive(parameter) { called = true }
        }
      }
    }
    return called
  }

  /// The sender is gone: ends every subscription, without the last-subscriber action (its
  /// owner is going away), and releases the actions, which may capture subscriptions to
  /// this very source.
  func detach() {
    for subscription in subscribers.detach() {
      // The whole subscription first, as a token's invalidate() does: no queued call starts
      // once its entry has left.
      subscription.whole.end()
      subscription.end()
    }
    transitions?.discard()
  }

  /// The name given to the sender, or the event's type.
  var displayName: String { name ?? "Event<\(parameterType)>" }
}
