extension ObservationToken {
  /// Makes the token that owns `registration` — through `decorator`, when a binding or a
  /// delivery elsewhere adds to it — then starts it: the token exists before any call, so
  /// a handler can end it even from the `.initial` call. `prepare` sees the token first,
  /// for a handler that receives it.
  @inlinable
  convenience init<Subject, Value>(
    starting registration: Registration<Subject, Value>,
    through decorator: SubscriptionDecorator? = nil,
    prepare: (ObservationToken) -> Void = { _ in }
  ) {
    self.init(registration.subscription, through: decorator)
    prepare(self)
    registration.start()
  }
}
