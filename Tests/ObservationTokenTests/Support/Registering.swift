@testable import ObservationToken

extension KeyValueObservable {
  /// Registers `sink` for `keyPath` and starts the registration, as the raw layer does;
  /// for tests that reach the engine below the token.
  func registerStarted<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    sink: ClosureSink
  ) -> any ObservationRegistration {
    let registration = register(keyPath, options: options, sink: sink)
    registration.start()
    return registration.registration
  }
}
