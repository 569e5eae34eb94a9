/// The bindings applying a value on one thread, innermost last.
final class BindingGuard: ThreadLocalContext {
  /// A short stack (as deep as bindings nest), searched from the top: cheaper than a set,
  /// whose hashing an apply would pay twice. Only the owning thread touches it.
  @exclusivity(unchecked) var applying: ContiguousArray<ObjectIdentifier> = []

  init() {}
}
