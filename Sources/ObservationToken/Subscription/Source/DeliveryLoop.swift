/// The one loop that calls subscribers: every source's list delivers through it, and a
/// bridge's single subscription through its form for one.
enum DeliveryLoop {
  /// Calls each entry of `reading` with `value`, sent by `subject` (the object whose
  /// property changed, passed unretained: the caller holds it; `nil` for a send) — or, for `isPrior`, those that take the
  /// call before a value with that call (key-value observation's `.prior`) — in order,
  /// inside the entry's gate, with the thread marked as delivering. Returns whether any
  /// handler was called.
  ///
  /// Nested past ``DeliveryDepth/untracedDepth``, the calls go through the loop's traced
  /// twin, ``deliverTraced(_:_:from:isPrior:)``: a subscriber whose handler is under way
  /// too often on the thread calls itself without end, and stops with the message
  /// ``Subscription/stopRunaway()`` gives, rather than overflowing the stack. The hot path
  /// pays one compare. Always inlined, with `subject` and `isPrior` known, so a send reads
  /// no phase and a caller that ignores the result counts nothing. (The call is a method
  /// of the entry, not a closure the caller passes, which the twin would need as well: a
  /// closure passed on was left out of line, a call through a context per entry.)
  @inline(__always)
  static func deliver(
    _ reading: SubscriberList<ListedEntry>.Reading,
    _ value: ErasedValue,
    from subject: Unmanaged<AnyObject>?,
    isPrior: Bool = false
  ) -> Bool {
    var called = false
    DeliveryDepth.currentContext._withUnsafeGuaranteedRef { context in
      context.depth &+= 1
      defer { context.depth &-= 1 }
      if context.depth > DeliveryDepth.untracedDepth {
        called = deliverTraced(reading, value, from: subject, isPrior: isPrior)
      } else {
        reading.forEach { entry in
          guard !isPrior || entry.wantsPrior else { return }
          entry.deliver { if receive(entry, value, from: subject, isPrior: isPrior) { called = true } }
        }
      }
    }
    return called
  }

  /// The loop's traced twin: the same calls, each with its entry on the thread's trace
  /// (see ``DeliveryDepth/beginTracing(_:)``). Reached only nested deeply, so kept out of
  /// every delivery's code.
  @inline(never)
  static func deliverTraced(
    _ reading: SubscriberList<ListedEntry>.Reading,
    _ value: ErasedValue,
    from subject: Unmanaged<AnyObject>?,
    isPrior: Bool
  ) -> Bool {
    var called = false
    reading.forEach { entry in
      guard !isPrior || entry.wantsPrior else { return }
      DeliveryDepth.beginTracing(entry)
      entry.deliver { if receive(entry, value, from: subject, isPrior: isPrior) { called = true } }
      DeliveryDepth.endTracing()
    }
    return called
  }

  /// One entry's call, inside its gate: an event's value, or a property's change or
  /// `.prior` call, which comes with the object changed.
  @inline(__always)
  private static func receive(
    _ entry: ListedEntry,
    _ value: ErasedValue,
    from subject: Unmanaged<AnyObject>?,
    isPrior: Bool
  ) -> Bool {
    guard let subject else { return entry.receive(value) }
    subject._withUnsafeGuaranteedRef { subject in
      if isPrior { entry.receivePrior(value, from: subject) } else { entry.receive(value, from: subject) }
    }
    return true
  }

  /// The same, for one subscription: what a bridge fed by another system (KVO), one
  /// notification at a time, delivers through.
  @inline(__always)
  static func deliver<Subscriber: Subscription>(one subscriber: Subscriber, _ call: (Subscriber) -> Void) {
    DeliveryDepth.currentContext._withUnsafeGuaranteedRef { context in
      context.depth &+= 1
      defer { context.depth &-= 1 }
      if context.depth > DeliveryDepth.untracedDepth {
        DeliveryDepth.beginTracing(subscriber)
        subscriber.deliver { call(subscriber) }
        DeliveryDepth.endTracing()
      } else {
        subscriber.deliver { call(subscriber) }
      }
    }
  }
}
