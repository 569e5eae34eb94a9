/// The handler of a plain observation: calls the user's `changeHandler` with the subject
/// and the change, nothing else.
@usableFromInline
final class ChangeHandler<Subject: AnyObject, Value>: SubscriptionHandler {
  @usableFromInline let closure: (Subject, ObservedChange<Value>) -> Void

  /// Inlinable, so the receive function is made where `Subject` and `Value` are known: a
  /// generic one would copy every change through the value type's witnesses.
  @inlinable
  init(_ closure: @escaping (Subject, ObservedChange<Value>) -> Void) {
    self.closure = closure
    super.init { handler, change, subject in
      change.readChange(of: Value.self) { change in
        unsafeDowncast(handler, to: ChangeHandler.self)
          .closure(unsafeDowncast(subject.unsafelyUnwrapped, to: Subject.self), change)
      }
      return true
    }
  }
}
