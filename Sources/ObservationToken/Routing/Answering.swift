/// A request on its way through one node's answers: the first that gives a response
/// settles it; the others are not asked.
struct AnswerSlot<Request: RoutedRequest> {
  let request: Request
  var response: Request.Response?
}

/// Asks an answer for a response, unless an earlier one gave it.
final class AnswerReceiver<Request: RoutedRequest>: EventReceiver {
  private let answer: (Request) -> Request.Response?

  init(_ answer: @escaping (Request) -> Request.Response?) {
    self.answer = answer
  }

  override func receive(_ parameter: UnsafeRawPointer) {
    // The node sends the address of a slot it owns as a variable, to be written back.
    let slot = UnsafeMutableRawPointer(mutating: parameter).assumingMemoryBound(to: AnswerSlot<Request>.self)
    guard slot.pointee.response == nil, let response = answer(slot.pointee.request) else { return }
    slot.pointee.response = response
  }
}
