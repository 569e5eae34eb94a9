/// A token's direct registration that holds the user's change handler itself: with the
/// token, the observation's only allocation (a handler box of its own was a third).
///
/// Generic over the subject and the value, so that each pair has a subclass of its own.
/// Its receive function is made where the types are known — this `@inlinable` initializer,
/// run in the caller's code — so that a change is read and passed on by code specialized
/// for them: called from the library's generic code, the handler would take the change
/// through the value type's witnesses and its metadata, looked up on every call (3.2× the
/// instructions of a set with one observer, measured). The function captures nothing, so
/// it costs no allocation.
///
/// `@unchecked Sendable`: `changeHandler` is read only inside an admitted delivery and
/// released only by the gate's single release; `receive` never changes.
@usableFromInline
final class ClosureRegistration<Subject: AnyObject, Value>: DirectRegistration, @unchecked Sendable {
  @usableFromInline
  typealias Receive = (_ registration: ClosureRegistration, _ change: ErasedValue, _ subject: AnyObject) -> Void

  @usableFromInline let receive: Receive
  @usableFromInline @exclusivity(unchecked) var changeHandler: HeldChangeHandler<Subject, Value>

  @inlinable
  init(
    list: ObserverList,
    info: RegistrationInfo,
    changeHandler: @escaping (Subject, ObservedChange<Value>) -> Void
  ) {
    self.changeHandler = HeldChangeHandler(changeHandler)
    receive = { registration, change, subject in
      change.readChange(of: Value.self) { change in
        registration.changeHandler(unsafeDowncast(subject, to: Subject.self), change)
      }
    }
    super.init(list: list, info: info)
  }

  override func handle(_ change: ErasedValue, of subject: AnyObject) {
    receive(self, change, subject)
  }

  override func releaseHandler() {
    changeHandler.drop()
  }
}
