extension Binding {
  /// A binding to `target` written on the main actor, and the handler a delivery on the
  /// main queue calls with each whole value: it writes the value with `apply`, under the
  /// binding's guard, while the target lives. `apply`, the target and its key path belong
  /// to the main actor and are used only in that write. What `bind(_:to:_:on:)` and the KVO
  /// bridge's main-actor binding both deliver to.
  @MainActor
  static func onMainActor<Target: AnyObject, Value: Sendable>(
    to target: Target,
    apply: @escaping @MainActor (Target, Value) -> Void
  ) -> (binding: Binding, write: @Sendable (Value) -> Void) {
    let binding = Binding.make(to: target)
    let write: @MainActor @Sendable (Value) -> Void = { [weak target] value in
      if let target { apply(target, value) }
    }
    return (
      binding,
      { value in
        // The main queue runs on the main actor.
        MainActor.assumeIsolated { binding.apply { write(value) } }
      }
    )
  }
}
