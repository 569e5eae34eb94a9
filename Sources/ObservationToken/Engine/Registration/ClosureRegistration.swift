/// A token's direct registration that holds the user's change handler itself: with the
/// token, the observation's only allocation (a handler box of its own was a third).
///
/// Generic over the subject and the value, so that each pair has a subclass of its own,
/// whose ``handle(_:of:)`` passes the change — where the setter put it — to the closure as
/// it is: nothing is copied, and no metadata is looked up. Made only in inlined code, where
/// the types are known (see ``KeyValueObservable/register(_:options:context:observer:handler:file:line:)``),
/// which supplies this class's metadata from a cache of its own.
///
/// `@unchecked Sendable`: `changeHandler` is read only inside an admitted delivery and
/// released only by the gate's single release.
@usableFromInline
final class ClosureRegistration<Subject: AnyObject, Value>: DirectRegistration, @unchecked Sendable {
  @exclusivity(unchecked) private var changeHandler: HeldChangeHandler<Subject, Value>

  @usableFromInline
  init(
    list: ObserverList,
    info: RegistrationInfo,
    changeHandler: @escaping (Subject, ObservedChange<Value>) -> Void
  ) {
    self.changeHandler = HeldChangeHandler(changeHandler)
    super.init(list: list, info: info)
  }

  override func handle(_ change: ErasedValue, of subject: AnyObject) {
    changeHandler(unsafeDowncast(subject, to: Subject.self), change.pointer(to: ObservedChange<Value>.self))
  }

  override func releaseHandler() {
    changeHandler.drop()
  }
}
