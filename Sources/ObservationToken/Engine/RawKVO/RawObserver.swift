/// What only a raw registration has: its observer, held weakly, the key path and context
/// it registered with, and the subject it is filed under in ``RawRegistrations``. Kept
/// out of ``RegistrationInfo`` so that a token's registration stays small.
///
/// `@unchecked Sendable`: the runtime makes loading a weak reference atomic, and the
/// rest never changes.
final class RawObserver: @unchecked Sendable {
  weak var observer: AnyObject?
  let type: Any.Type
  let keyPath: AnyKeyPath
  let context: UnsafeMutableRawPointer?
  let subjectID: ObjectIdentifier

  init(_ observer: AnyObject, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer?, subject: AnyObject) {
    self.observer = observer
    self.type = Swift.type(of: observer)
    self.keyPath = keyPath
    self.context = context
    self.subjectID = ObjectIdentifier(subject)
  }
}
