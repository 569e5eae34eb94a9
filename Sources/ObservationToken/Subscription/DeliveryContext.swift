/// The per-thread count behind ``DeliveryDepth``; read it only on its own thread.
final class DeliveryContext: ThreadLocalContext {
  /// Only the owning thread touches it, and no access outlasts a statement, so the
  /// runtime's exclusivity checks are skipped: they would cost every change a call.
  @exclusivity(unchecked) var depth = 0
  /// The subscriptions whose handlers are under way on this thread past
  /// ``DeliveryDepth/untracedDepth``, innermost last, each with what its calls count as;
  /// see ``DeliveryDepth/beginTracing(_:)``. Unretained: a subscription under way is held
  /// by the reading that calls it.
  var traced: [(countsAs: ObjectIdentifier, subscription: Unmanaged<Subscription>)] = []

  init() {}
}
