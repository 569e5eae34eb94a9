@testable import ObservationToken

extension KeyValueObservable {
  /// Registers `handler` for `keyPath` and starts the registration, as the raw layer does;
  /// for tests that reach the engine below the token.
  func registerStarted<Value>(
    _ keyPath: KeyPath<Self, Value>,
    options: KeyValueObservingOptions = [],
    handler: ErasedChangeHandler,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> any ObservationRegistration {
    let registration = register(keyPath, options: options, handler: .specialized(handler), file: file, line: line)
    registration.start()
    return registration.registration
  }
}
