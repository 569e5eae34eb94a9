/// A value an interceptor let through, at a stable address for the nodes above it.
final class InterceptedValue<Routed> {
  let address: UnsafeMutablePointer<Routed>

  init(_ value: Routed) {
    address = .allocate(capacity: 1)
    address.initialize(to: value)
  }

  deinit {
    address.deinitialize(count: 1)
    address.deallocate()
  }
}
