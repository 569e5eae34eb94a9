/// The sink of a plain observation: calls the user's handler with the subject and the
/// change, nothing else.
@usableFromInline
final class ChangeHandlerSink<Subject: AnyObject, Value>: ObservationSink {
  @usableFromInline let handler: (Subject, ObservedChange<Value>) -> Void

  /// Inlinable, so the receiver is made where `Subject` and `Value` are known: a generic
  /// one would copy every change through the value type's witnesses.
  @inlinable
  init(_ handler: @escaping (Subject, ObservedChange<Value>) -> Void) {
    self.handler = handler
    super.init { sink, subject, change in
      change.read(as: Value.self) { change in
        unsafeDowncast(sink, to: ChangeHandlerSink.self).handler(unsafeDowncast(subject, to: Subject.self), change)
      }
      return true
    }
  }
}
