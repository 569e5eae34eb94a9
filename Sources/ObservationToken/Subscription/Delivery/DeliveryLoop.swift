/// The subscribers one delivery calls: a source's reading of its list, or a bridge's one
/// subscription.
protocol DeliveryTargets {
  associatedtype Subscriber: Subscription
  /// Calls `body` with each subscriber, in order.
  func forEach(_ body: (Subscriber) -> Void)
}

/// A single subscription as the subscribers of one delivery: what a bridge fed by another
/// system (KVO) delivers through.
struct SingleTarget<Subscriber: Subscription>: DeliveryTargets {
  let subscriber: Subscriber

  @inline(__always)
  func forEach(_ body: (Subscriber) -> Void) { body(subscriber) }
}

/// The one loop that calls subscribers, and its one traced twin: every source's list, and
/// a bridge's single subscription, deliver through it.
enum DeliveryLoop {
  /// Calls `call` with each of `targets`, in order, inside the subscriber's gate, with the
  /// thread marked as delivering. Nested deeply, the same calls go through
  /// ``deliverTraced(_:_:)``, so that a handler that makes what it receives again, without
  /// end, stops with a message naming it rather than overflowing the stack. The hot path
  /// pays one compare.
  @inline(__always)
  static func deliver<Targets: DeliveryTargets>(_ targets: Targets, _ call: (Targets.Subscriber) -> Void) {
    DeliveryDepth.delivering {
      targets.forEach { subscriber in subscriber.deliver { call(subscriber) } }
    } traced: {
      deliverTraced(targets, call)
    }
  }

  /// The same calls, each with its subscriber on the thread's trace (see
  /// ``DeliveryDepth/tracing(_:runaway:_:)``): a subscriber whose handler is under way too
  /// often on the thread calls itself without end, and stops with the message
  /// ``Subscription/stopRunaway()`` gives. Reached only nested deeply.
  @inline(never)
  static func deliverTraced<Targets: DeliveryTargets>(_ targets: Targets, _ call: (Targets.Subscriber) -> Void) {
    targets.forEach { subscriber in
      DeliveryDepth.tracing(subscriber.tracedAs) {
        subscriber.stopRunaway()
      } _: {
        subscriber.deliver { call(subscriber) }
      }
    }
  }
}
