/// A token's direct registration that holds the user's change handler itself: with the
/// token, the observation's only allocation (a handler box of its own was a third).
///
/// Generic over the subject and the value, so that each pair has a subclass of its own.
/// Its generic code passes the change on without copying it: the handler borrows it where
/// the change's sender keeps it (see ``HeldChangeHandler``), so no metadata of the value's
/// type is asked for and no witness of it called.
///
/// `@unchecked Sendable`: `closure` is read only inside an admitted delivery and
/// released only by the gate's single release.
@usableFromInline
final class ClosureRegistration<Subject: AnyObject, Value>: DirectRegistration, @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) final var closure: HeldChangeHandler<Subject, ObservedChange<Value>>
  /// Where `observe` was called, for descriptions: in the word the allocation's size class
  /// leaves free (64 bytes asked for without it, 72 given).
  @usableFromInline let madeAt: CompactSourceLocation

  /// Inlined into ``register(_:options:context:observer:handler:file:line:)``, itself
  /// inlined where the types are known, which supplies this class's metadata from a cache
  /// of its own.
  @inlinable
  init(
    source: SubscriberSource,
    info: RegistrationInfo,
    closure: @escaping (Subject, ObservedChange<Value>) -> Void,
    file: StaticString,
    line: UInt
  ) {
    self.closure = HeldChangeHandler(closure)
    self.madeAt = CompactSourceLocation(file: file, line: line)
    super.init(source: source, info: info)
  }

  @usableFromInline override var madeAtDescription: String? { madeAt.description }

  override func receive(_ change: ErasedValue, from subject: AnyObject) {
    closure(
      unsafeDowncast(subject, to: Subject.self), change.pointer(to: ObservedChange<Value>.self))
  }

  override func releaseHandler() {
    closure.drop()
  }
}
