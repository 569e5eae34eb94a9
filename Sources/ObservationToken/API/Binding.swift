/// The subscription a binding's token holds: the registration that follows the source,
/// decorated with the target whose release ends it, and the guard that keeps two bindings
/// in opposite directions from looping.
///
/// `@unchecked Sendable`: the target is a weak reference, which the runtime loads
/// atomically; the guard is per thread.
final class Binding: SubscriptionDecorator, @unchecked Sendable {
  private let target: WeakReference<AnyObject>

  init(target: AnyObject) {
    self.target = WeakReference(target)
  }

  /// Runs `apply`, which writes to the target, unless the binding has ended or is already
  /// applying on this thread: two bindings in opposite directions would otherwise loop.
  func apply(_ apply: () -> Void) {
    deliver {
      guards.withCurrent { applying in
        guard applying.bindings.insert(ObjectIdentifier(self)).inserted else { return }
        defer { applying.bindings.remove(ObjectIdentifier(self)) }
        apply()
      }
    }
  }

  override var isValid: Bool { super.isValid && target.isAlive }
}

/// The bindings applying a value on one thread.
final class BindingGuard: ThreadLocalContext {
  /// Only the owning thread touches it.
  var bindings: Set<ObjectIdentifier> = []

  init() {}
}

private let guards = ThreadLocal<BindingGuard>()
