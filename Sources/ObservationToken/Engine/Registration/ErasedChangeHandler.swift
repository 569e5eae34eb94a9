/// A handler that is a closure of the subject and the change, still erased: for the
/// registrations that do more than call one typed handler (raw observers, bindings,
/// deliveries elsewhere), which read the change themselves.
@usableFromInline
final class ErasedChangeHandler: SpecializedHandler {
  @usableFromInline
  typealias Function = (_ subject: AnyObject, _ change: ErasedValue) -> Bool

  private let function: Function

  @usableFromInline
  init(_ function: @escaping Function) {
    self.function = function
    super.init { handler, change, subject in
      unsafeDowncast(handler, to: ErasedChangeHandler.self).function(subject.unsafelyUnwrapped, change)
    }
  }
}
