/// How deeply the calling thread is nested in handler calls.
///
/// A thread inside a handler must never wait for other deliveries to end (it may be the
/// very delivery waited for), and reads made by handlers are not dependencies of a key
/// path being evaluated around them; both ask this.
enum DeliveryDepth {
  /// Runs `body`, a call into handlers, with the thread marked as delivering.
  @inline(__always)
  static func delivering<Result>(_ body: () -> Result) -> Result {
    contexts.withCurrent { context in
      context.depth &+= 1
      defer { context.depth &-= 1 }
      return body()
    }
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
