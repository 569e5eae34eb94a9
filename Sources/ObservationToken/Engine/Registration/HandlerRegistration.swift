/// A direct registration whose handler reads the change itself: a raw observer's, a
/// binding's, a delivery elsewhere's (see ``ErasedChangeHandler``).
@usableFromInline
final class HandlerRegistration: DirectRegistration, @unchecked Sendable {
  /// Read only inside a delivery the gate admitted; released only by the gate's release,
  /// which runs once no delivery is under way — so a call needs no retain of its own.
  private var handler: Unmanaged<SubscriptionHandler>?

  @usableFromInline
  init(source: SubscriberSource, info: RegistrationInfo, handler: SubscriptionHandler) {
    self.handler = Unmanaged.passRetained(handler)
    super.init(source: source, info: info)
  }

  deinit {
    handler?.release()
  }

  override func receive(_ change: ErasedValue, from subject: AnyObject) {
    guard let handler else { return }
    if !handler._withUnsafeGuaranteedRef({ $0.receive(change, from: subject) }) { end() }
  }

  override func releaseHandler() {
    handler?.release()
    handler = nil
    if let subject = info.rawSubjectID { RawRegistrations.remove(self, on: subject) }
  }
}
