/// A subscription whose handler is a closure, held in the subscription itself.
///
/// One allocation besides its token: the closure lives in the subscription (a
/// ``HeldClosure``), not in a handler box, and a delivery borrows it rather than retaining
/// it. Generic over the parameter, so that each parameter type has a subclass of its own.
///
/// `@unchecked Sendable`: `closure` is read only inside an admitted delivery and released
/// only by the gate's single release.
@usableFromInline
class ClosureSubscription<Parameter>: EventSubscription, @unchecked Sendable {
  @exclusivity(unchecked) private final var closure: HeldClosure<Parameter>

  /// A subscription of `kind`, made at `file` and `line`, that calls `handler` with each
  /// value. Usable from inlined code: ``Event/subscribe(_:file:line:)``, inlined where
  /// `Parameter` is known, supplies this class's metadata from a cache of its own; made in
  /// the library's generic code, every subscription asks the runtime for it (see
  /// INVARIANTS).
  @usableFromInline
  init(
    source: SubscriberSource,
    _ kind: SubscriptionOrigin.Kind,
    file: StaticString,
    line: UInt,
    handler: @escaping (Parameter) -> Void
  ) {
    closure = HeldClosure(handler)
    super.init(source: source, origin: SubscriptionOrigin(kind, file: file, line: line), parameterType: Parameter.self)
  }

  override func receive(_ parameter: ErasedValue) -> Bool {
    closure(parameter.pointer(to: Parameter.self))
    return true
  }

  override func releaseHandler() {
    closure.drop()
  }
}
