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
    // What `init(_:through:)` does, written out: delegating to that initializer costs
    // every token (see INVARIANTS).
    if let decorator {
      decorator.decorate(registration.subscription)
      self.init(decorator)
    } else {
      self.init(registration.subscription)
    }
    prepare(self)
    registration.start()
  }

  /// Makes the token that owns `registration` through two decorators — `inner`, a delivery
  /// elsewhere, decorates the registration; `outer`, when there is one (a binding),
  /// decorates `inner` and is what the token holds — then starts it.
  @usableFromInline
  convenience init<Subject, Value>(
    starting registration: PendingRegistration<Subject, Value>,
    through inner: SubscriptionDecorator,
    then outer: SubscriptionDecorator?
  ) {
    if let outer {
      inner.decorate(registration.subscription)
      outer.decorate(inner)
      self.init(outer)
      registration.start()
    } else {
      self.init(starting: registration, through: inner)
    }
  }
}
