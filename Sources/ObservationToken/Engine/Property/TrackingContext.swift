/// What dependency tracking keeps per thread: the reads of the active scopes, innermost
/// scope's last, and where and at which delivery depth the innermost scope began.
///
/// Only the owning thread touches it, and no access outlasts a statement, so the
/// runtime's exclusivity checks are skipped: they would cost every registration calls
/// into the runtime.
@usableFromInline
final class TrackingContext: ThreadLocalContext {
  @exclusivity(unchecked) var reads: [Dependency] = []
  /// Where the innermost scope's reads start in ``reads``; `nil` outside any scope.
  @exclusivity(unchecked) var scopeStart: Int?
  /// The delivery depth when the innermost scope began: reads at any other depth are
  /// made by handlers, not by the code being tracked.
  @exclusivity(unchecked) var scopeDeliveryDepth = 0
  /// The `Array` subscripts the innermost scope that follows any follows, to check as its
  /// key path is evaluated (see ``IndexedSteps``); owned by that scope.
  @exclusivity(unchecked) var indexedSteps: Unmanaged<IndexedSteps>?
  /// The key path a scope last found to take no `Array` subscript, and its identity, which
  /// is compared without retaining it: the next scope that evaluates it need not read its
  /// components again.
  @exclusivity(unchecked) var unindexedKeyPath: (identifier: ObjectIdentifier, keyPath: AnyKeyPath)?
  /// The same thread's delivery depth, kept here so a read looks up one thread-local.
  let delivery = DeliveryDepth.context

  init() {}
}
