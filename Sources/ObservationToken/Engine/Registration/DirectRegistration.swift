/// A registration for exactly one `@Observed` property of its subject: the fast path.
///
/// It is itself the entry in the property's observer list, so a change reaches the handler
/// with what the setter already has — old, new, kind and indexes — and nothing is
/// evaluated again. Its subclasses hold the handler: a token's change handler itself
/// (``ClosureRegistration``, no allocation of its own), or a handler that reads the change
/// itself (``HandlerRegistration``: raw observers, bindings, deliveries elsewhere).
@usableFromInline
class DirectRegistration: ObserverEntry, ObservationRegistration, @unchecked Sendable {
  @usableFromInline let info: RegistrationInfo

  @usableFromInline
  init(source: SubscriberSource, info: RegistrationInfo) {
    self.info = info
    super.init(source: source)
  }

  /// Whether the key path may be exactly one property of `subject`, to be registered for
  /// directly: it made one read, on `subject`, and is settable — provided the key path's
  /// value is the very value read (same type, same bits; the caller checks with
  /// ``Dependency/returned(_:)``). Anything else — a computed property, a chain — is a
  /// ``DerivedRegistration``, which evaluates the key path on every change.
  ///
  /// The property's own key path cannot be compared: recording it would instantiate it
  /// on every read of every `@Observed` property. The rule misjudges only a settable
  /// computed property that transforms a single property of the same type yet returned
  /// it unchanged when registering.
  @usableFromInline
  static func isDirectRead(of subject: AnyObject, _ dependencies: ArraySlice<Dependency>, isSettable: Bool) -> Bool {
    // Read in place: copying a read retains what it holds.
    isSettable && dependencies.count == 1 && dependencies[dependencies.startIndex].isRead(of: subject)
  }

  /// Joins its source, then makes the `.initial` call if `initial` is given.
  @usableFromInline
  func start(of subject: AnyObject, initial: ErasedValue?) {
    source.insert(self)
    if let initial {
      DeliveryDepth.delivering { deliver { receive(initial, from: subject) } }
    }
  }

  override var registration: any ObservationRegistration { self }

  override var sequence: UInt64 { info.sequence }

  override var wantsPrior: Bool { info.options.contains(.prior) }

  /// Its gate closes when the subject is released.
  @usableFromInline override var isValid: Bool { isOpen && !info.observerIsGone }

  /// The subject's release detaches the list, before its memory can be reused.
  @usableFromInline var hasSubject: Bool { source.isAttached }

  /// Not kept: a token's registration stays small.
  @usableFromInline var observedAt: SourceLocation? { nil }

  /// Kept by a token's registration that holds its change handler itself, in room its
  /// allocation has anyway (see ``ClosureRegistration``); not by the others, which have none.
  @usableFromInline override var madeAtDescription: String? { nil }

  override var summary: String { info.summary(naming: keyPathName) }

  /// Named from the key path's root type and where its list says the property's storage
  /// lies: the key path is one `@Observed` property of that type, and the registration
  /// keeps no reference to the object.
  @usableFromInline var keyPathName: String { PropertyName.of(info.keyPath, storedAt: source.storageOffset) }
}
