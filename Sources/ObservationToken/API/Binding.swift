#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// The subscription a binding's token holds: the registration that follows the source
/// (or, on the main actor, the delivery in front of it), decorated with the target whose
/// release ends it, and the guard that keeps two bindings in opposite directions from
/// looping. Its own gate only marks it ended.
///
/// `@unchecked Sendable`: the target is a weak reference, which the runtime loads
/// atomically; the guard is per thread.
@usableFromInline
class Binding: SubscriptionDecorator, @unchecked Sendable {
  private let target: WeakReference<AnyObject>

  @usableFromInline
  init(target: AnyObject) {
    self.target = WeakReference(target)
  }

  /// Runs `apply`, which writes to the target, unless the binding is already applying on
  /// this thread: two bindings in opposite directions would otherwise loop. Called only by
  /// the upstream's handler, whose gate already stops calls once the binding has ended
  /// (invalidating the binding invalidates the upstream first).
  @usableFromInline
  final func apply(_ apply: () -> Void) {
    guards.withCurrent { context in
      let binding = ObjectIdentifier(self)
      guard !context.applying.contains(binding) else { return }
      context.applying.append(binding)
      defer { context.applying.removeLast() }
      apply()
    }
  }

  /// Whether the target is still alive: a binding whose target is gone has ended.
  @usableFromInline
  final var hasTarget: Bool { target.isAlive }

  override final var isValid: Bool { super.isValid && hasTarget }

  /// A binding to `target`, which ends when `target` is released: at once when the target
  /// says so (a ``KeyValueObservable`` object with an `@Observed` property, see
  /// ``WatchedBinding``), otherwise at the source's next change or the token's release.
  /// With the Objective-C runtime, an `NSObject` target tells too (``ObjectWatchedBinding``).
  /// Any other target pays one look in ``WatchableTargetClasses``, no cast.
  @inlinable
  static func make<Target: AnyObject>(to target: Target) -> Binding {
    WatchableTargetClasses.contains(target) ? watching(target) : Binding(target: target)
  }

  /// A binding to `target`, whose class a binding can watch (``WatchableTargetClasses``).
  @usableFromInline
  static func watching(_ target: AnyObject) -> Binding {
    if let target = target as? any KeyValueObservable { return WatchedBinding(watching: target) }
    #if canImport(ObjectiveC)
    if let target = target as? NSObject { return ObjectWatchedBinding(watching: target) }
    #endif
    return Binding(target: target)
  }
}

private let guards = ThreadLocal<BindingGuard>()
