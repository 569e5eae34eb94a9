extension ObservationToken {
  /// Makes the token that owns `registration` — through `decorator`, when a binding or a
  /// delivery elsewhere adds to it — then starts it: the token exists before any call, so
  /// a handler can end it even from the `.initial` call. `prepare` sees the token first,
  /// for a handler that receives it.
  @inlinable
  convenience init<Subject, Value>(
    starting registration: PendingRegistration<Subject, Value>,
    through decorator: SubscriptionDecorator? = nil,
    prepare: (ObservationToken) -> Void = { _ in }
  ) {
    // What `init(_:through:)` does, written out: delegating to that initializer costs 46
    // instructions in observe + invalidate (callgrind), on the path every token takes.
    if let decorator {
      decorator.decorate(registration.subscription)
      self.init(decorator)
    } else {
      self.init(registration.subscription)
    }
    prepare(self)
    registration.start()
  }
}
