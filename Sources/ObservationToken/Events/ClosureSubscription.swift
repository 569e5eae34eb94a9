/// A subscription whose handler is a closure.
///
/// The closure lives in a ``ClosureReceiver`` held unretained: a delivery borrows it
/// rather than retaining and releasing it around each call, which a closure in a
/// variable would cost.
///
/// `@unchecked Sendable`: `receiver` is read only inside an admitted delivery and
/// released only by the gate's single release.
final class ClosureSubscription: EventSubscription, @unchecked Sendable {
  private var receiver: Unmanaged<EventReceiver>?

  /// A subscription that hands each value to `receiver`, which reads `Parameter`s.
  init<Parameter>(source: EventSource, origin: SubscriptionOrigin, receiver: EventReceiver, reading: Parameter.Type) {
    self.receiver = .passRetained(receiver)
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  /// A subscription that calls `handler` with each value.
  convenience init<Parameter>(source: EventSource, origin: SubscriptionOrigin, handler: @escaping (Parameter) -> Void) {
    self.init(source: source, origin: origin, receiver: ClosureReceiver(handler), reading: Parameter.self)
  }

  override func receive(_ parameter: UnsafeRawPointer) -> Bool {
    receiver.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.receive(parameter) }
    return true
  }

  override func releaseHandler() {
    receiver?.release()
    receiver = nil
  }
}
