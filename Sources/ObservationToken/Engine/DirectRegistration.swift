/// A registration for exactly one `@Observed` property of its subject: the fast path.
///
/// It is itself the entry in the property's observer list, so a change reaches the sink
/// with the values the setter already has — old, new, kind and indexes — and nothing is
/// evaluated again.
final class DirectRegistration<Root: KeyValueObservable, Value>: PropertyObserver<Value>, ObservationRegistration,
  @unchecked Sendable
{
  let info: RegistrationInfo
  /// Read only inside a delivery the gate admitted; cleared only by the gate's release.
  private var sink: ObservationSink<Root, Value>?

  init(list: PropertyObservers<Value>, info: RegistrationInfo, sink: @escaping ObservationSink<Root, Value>) {
    self.info = info
    self.sink = sink
    super.init(list: list, sequence: info.sequence, wantsPrior: info.options.contains(.prior))
  }

  override var registration: any ObservationRegistration { self }

  var isValid: Bool { gate.isOpen }

  override func handle(_ change: ObservedChange<Value>, of subject: AnyObject) {
    // The list belongs to a property declared on `Root` itself (the key paths matched),
    // so its subject is a `Root`.
    if let sink, !sink(unsafeDowncast(subject, to: Root.self), change) { close() }
  }

  override func releaseHandler() {
    sink = nil
  }

  /// The `.initial` call: the current value as the new value, through the gate so an
  /// invalidation inside it ends the registration at once.
  func deliverInitial(_ value: Value, of subject: Root) {
    ThreadContext.current.delivering {
      deliver(ObservedChange(kind: .setting, newValue: value), of: subject)
    }
  }

  func invalidate() {
    close()
    if !ThreadContext.current.isDelivering { gate.waitUntilIdle() }
  }
}
