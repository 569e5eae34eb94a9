/// The bindings applying a value on one thread.
final class BindingGuard: ThreadLocalContext {
  /// Only the owning thread touches it.
  var bindings: Set<ObjectIdentifier> = []

  init() {}
}
