/// The per-thread count behind ``DeliveryDepth``; read it only on its own thread.
final class DeliveryContext: ThreadLocalContext {
  /// Only the owning thread touches it, and no access outlasts a statement, so the
  /// runtime's exclusivity checks are skipped: they would cost every change a call.
  @exclusivity(unchecked) var depth = 0
  /// The subscriptions whose handlers are under way on this thread past
  /// ``DeliveryDepth/untracedDepth``, innermost last; see ``DeliveryDepth/beginTracing(_:)``.
  var traced: [ObjectIdentifier] = []

  init() {}
}
