/// The handler of a plain observation: calls the user's `changeHandler` with the subject
/// and the change, nothing else.
@usableFromInline
final class ChangeHandler<Subject: AnyObject, Value>: SpecializedHandler {
  @usableFromInline let changeHandler: (Subject, ObservedChange<Value>) -> Void

  /// Inlinable, so the receive function is made where `Subject` and `Value` are known: a
  /// generic one would copy every change through the value type's witnesses.
  @inlinable
  init(_ changeHandler: @escaping (Subject, ObservedChange<Value>) -> Void) {
    self.changeHandler = changeHandler
    super.init { handler, change, subject in
      change.readChange(of: Value.self) { change in
        unsafeDowncast(handler, to: ChangeHandler.self)
          .changeHandler(unsafeDowncast(subject.unsafelyUnwrapped, to: Subject.self), change)
      }
      return true
    }
  }
}
