/// A direct registration whose handler reads the change itself: a raw observer's, a
/// binding's, a delivery elsewhere's (see ``ErasedChangeHandler``).
@usableFromInline
final class HandlerRegistration: DirectRegistration, @unchecked Sendable {
  /// Read only inside a delivery the gate admitted; released only by the gate's release,
  /// which runs once no delivery is under way — so a call needs no retain of its own.
  @exclusivity(unchecked) private var handler: HeldHandler

  @usableFromInline
  init(source: SubscriberSource, info: RegistrationInfo, handler: SubscriptionHandler) {
    self.handler = HeldHandler(handler)
    super.init(source: source, info: info)
  }

  override func receive(_ change: ErasedValue, from subject: AnyObject) {
    if handler(change, from: subject) == false { end() }
  }

  /// Where a delivery elsewhere that this registration feeds was made, asked of its handler
  /// inside the gate, so that the handler cannot be released meanwhile.
  @usableFromInline override var madeAtDescription: String? {
    var place: String?
    deliver { place = handler.withHandler(\.madeAtDescription) ?? nil }
    return place
  }

  override func releaseHandler() {
    handler.drop()
    if let subject = info.rawSubjectID { RawRegistrations.remove(self, on: subject) }
  }
}
