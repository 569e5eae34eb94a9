/// The handler of an event subscription that calls a closure with the sent value.
final class ClosureHandler<Parameter>: SubscriptionHandler {
  private let closure: (Parameter) -> Void

  init(_ closure: @escaping (Parameter) -> Void) {
    self.closure = closure
  }

  override func receive(_ parameter: ErasedValue, from subject: AnyObject?) -> Bool {
    closure(parameter.pointer(to: Parameter.self).pointee)
    return true
  }
}
