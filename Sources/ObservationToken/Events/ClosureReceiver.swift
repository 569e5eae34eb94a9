/// Calls a closure with the sent value, read back as its type.
final class ClosureReceiver<Parameter>: EventReceiver {
  private let handler: (Parameter) -> Void

  init(_ handler: @escaping (Parameter) -> Void) {
    self.handler = handler
  }

  override func receive(_ parameter: UnsafeRawPointer) {
    handler(parameter.assumingMemoryBound(to: Parameter.self).pointee)
  }
}
