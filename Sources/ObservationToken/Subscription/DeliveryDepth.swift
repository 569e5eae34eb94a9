/// How deeply the calling thread is nested in handler calls.
///
/// A thread inside a handler must never wait for other deliveries to end (it may be the
/// very delivery waited for), and reads made by handlers are not dependencies of a key
/// path being evaluated around them; both ask this.
///
/// It also stops a handler that calls itself without end — one that sets the property it
/// observes, if only to an equal value, is called again by that change, and so on until
/// the stack overflows (SIGSEGV, no message). Nesting up to ``untracedDepth`` costs one
/// compare; past it, a delivery that can re-enter ends up in ``beginTracing(_:)``,
/// which counts how often each subscription's handler is under way on the thread.
enum DeliveryDepth {
  /// How deeply handler calls nest before each is traced. Legitimate nesting — a handler
  /// that sets another property, or clamps its own once — rarely goes past it, and then
  /// pays only for the trace, never a stop.
  static let untracedDepth = 8

  /// How many calls of one subscription's handler may be under way on a thread, past
  /// ``untracedDepth``, before the next is taken for a handler that calls itself without
  /// end: a bounded re-entry (clamping once, converging in a few steps) stays below it.
  ///
  /// Small, because the stop must come before the stack overflows on a secondary thread,
  /// whose stack is 512 KiB on Apple platforms: one nested set of an observed property
  /// takes about 6.5 KiB of stack in a debug build (10 KiB through a chain; 0.7 and 1.5
  /// KiB optimized), so a handler that sets its own property stops at depth 17, about
  /// 110 KiB (170 through a chain), and two handlers setting each other's at depth 24 —
  /// with room left for the handlers' own frames and for the stop's message.
  static let reentryLimit = 8

  /// Runs `body`, a call into handlers, with the thread marked as delivering.
  @inline(__always)
  static func delivering<Result>(_ body: () -> Result) -> Result {
    contexts.withCurrent { context in
      context.depth &+= 1
      defer { context.depth &-= 1 }
      return body()
    }
  }

  /// The calling thread's context, borrowed, for the ``DeliveryLoop``, which marks the
  /// thread as delivering itself — a call into handlers that may change what they observe
  /// and so come back here, traced past ``untracedDepth`` — so that a set's walk to its
  /// handlers takes no frame for it.
  @inline(__always)
  static var currentContext: Unmanaged<DeliveryContext> { contexts.current }

  /// Puts `subscription` on the thread's trace, for a call of its handler nested past
  /// ``untracedDepth`` — or, when its handler is already under way ``reentryLimit`` times
  /// there, stops naming the loop: the handler calls itself without end, directly or
  /// through the other handlers traced since its last call. ``endTracing()`` takes it off
  /// once the call returns.
  @inline(never)
  static func beginTracing(_ subscription: Subscription) {
    let context = contexts.withCurrent { $0 }
    let identity = ObjectIdentifier(subscription.tracedAs)
    if context.traced.count(where: { $0.countsAs == identity }) >= reentryLimit {
      Misuse.runaway(loop(of: identity, in: context.traced))
    }
    context.traced.append((identity, Unmanaged.passUnretained(subscription)))
  }

  /// The handlers of one turn of a loop that leads back to `identity`: from its latest call
  /// on the trace to the innermost, each once, in the order they were called.
  private static func loop(
    of identity: ObjectIdentifier,
    in traced: [(countsAs: ObjectIdentifier, subscription: Unmanaged<Subscription>)]
  ) -> [Subscription] {
    let turn = traced[(traced.lastIndex { $0.countsAs == identity } ?? traced.startIndex)...]
    var seen: Set<ObjectIdentifier> = []
    return turn.filter { seen.insert($0.countsAs).inserted }.map { $0.subscription.takeUnretainedValue() }
  }

  /// Takes the innermost subscription off the thread's trace.
  @inline(never)
  static func endTracing() {
    contexts.withCurrent { _ = $0.traced.removeLast() }
  }

  /// How many handler calls are under way on this thread.
  static var current: Int {
    contexts.withCurrent { $0.depth }
  }

  /// Whether the thread is inside a handler.
  static var isDelivering: Bool { current > 0 }

  /// The calling thread's count, for code that keeps per-thread state of its own and
  /// reads the depth often (dependency tracking): it is that thread's for good.
  static var context: DeliveryContext {
    contexts.withCurrent { $0 }
  }
}

private let contexts = ThreadLocal<DeliveryContext>()
