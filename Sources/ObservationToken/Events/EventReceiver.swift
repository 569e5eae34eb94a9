/// What receives a sent value for a ``ClosureSubscription``: a closure, or (for routing)
/// an interceptor or an answer, which also write back through the address.
class EventReceiver {
  func receive(_ parameter: UnsafeRawPointer) {}
}
