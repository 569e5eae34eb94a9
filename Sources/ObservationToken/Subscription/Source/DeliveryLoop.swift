/// The one loop that calls subscribers: every source's list delivers through it, and a
/// bridge's single subscription through its form for one.
enum DeliveryLoop {
  /// Calls each entry of `reading` with `value`, sent by `subject` (the object whose
  /// property changed, passed unretained: the caller holds it; `nil` for a send) — or,
  /// for `isPrior`, those that take the call before a value (key-value observation's
  /// `.prior`) with that call — in order, inside the entry's gate, with the thread marked
  /// as delivering. Returns whether any handler was called, for a send; a change's caller
  /// has no use for it, and the loop counts nothing for it.
  ///
  /// Nested past ``DeliveryDepth/untracedDepth``, the calls go through the loop's traced
  /// twin, ``deliverTraced(_:_:from:isPrior:)``: a subscriber whose handler is under way
  /// too often on the thread calls itself without end, alone or through others, and
  /// stops with a message naming each handler of the loop (``Misuse/runaway(_:)``), rather
  /// than overflowing the stack. The hot path pays one compare. Always inlined, with
  /// `subject` and `isPrior` known, so a send reads no phase and a caller that ignores the
  /// result counts nothing. (The call is written here, in both branches, not passed in as
  /// a closure, which the twin would need as well: a closure passed on was left out of
  /// line, a call through a context per entry; see INVARIANTS, "hints as policies".)
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
          entry.deliver {
            if let subject {
              subject._withUnsafeGuaranteedRef {
                if isPrior { entry.receivePrior(value, from: $0) } else { entry.receive(value, from: $0) }
              }
            } else if entry.receive(value) {
              called = true
            }
          }
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
      entry.deliver {
        if let subject {
          subject._withUnsafeGuaranteedRef {
            if isPrior { entry.receivePrior(value, from: $0) } else { entry.receive(value, from: $0) }
          }
        } else if entry.receive(value) {
          called = true
        }
      }
      DeliveryDepth.endTracing()
    }
    return called
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
