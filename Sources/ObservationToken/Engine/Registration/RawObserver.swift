/// What only a raw registration has: its observer, held weakly and known by identity, the
/// key path and context it registered with, and the subject it is filed under in
/// ``RawRegistrations``. Kept out of ``RegistrationInfo`` so that a token's registration
/// stays small.
///
/// `@unchecked Sendable`: the runtime makes loading a weak reference atomic, and the
/// rest never changes.
final class RawObserver: @unchecked Sendable {
  weak var observer: AnyObject?
  /// The observer's identity, which outlives the weak reference: from the moment the
  /// observer's `deinit` begins, ``observer`` reads `nil`, yet a removal made from that
  /// `deinit` — the Objective-C idiom — must still find the registration.
  let observerID: ObjectIdentifier
  let type: Any.Type
  let keyPath: AnyKeyPath
  let context: UnsafeMutableRawPointer?
  let subjectID: ObjectIdentifier

  init(_ observer: AnyObject, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer?, subject: AnyObject) {
    self.observer = observer
    self.observerID = ObjectIdentifier(observer)
    self.type = Swift.type(of: observer)
    self.keyPath = keyPath
    self.context = context
    self.subjectID = ObjectIdentifier(subject)
  }

  /// Whether this registration is `candidate`'s: the very object while it lives, or — once
  /// the registered observer is gone — the same identity, when `candidate` is being
  /// deinitialized. Only an object in its own `deinit` can share the identity of an
  /// observer whose reference reads `nil` and still be that observer: a live object at
  /// the same address is a later one, and never removes an earlier one's registration.
  func isRegistration(of candidate: RemovingObserver) -> Bool {
    if let observer { return observer === candidate.object }
    return candidate.isDeinitializing && observerID == ObjectIdentifier(candidate.object)
  }
}

/// The observer a removal names, and whether it is in its own `deinit`: asked once per
/// removal, not once per registration compared.
struct RemovingObserver {
  let object: AnyObject
  let isDeinitializing: Bool

  init(_ object: AnyObject) {
    self.object = object
    // From the moment an object's deinit begins, every weak reference to it reads nil,
    // a new one included.
    isDeinitializing = !WeakReference(object).isAlive
  }
}
