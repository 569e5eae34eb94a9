/// Asks an answer for a response, unless an earlier one gave it.
final class AnswerReceiver<Request: RoutedRequest>: EventReceiver {
  private let answer: (Request) -> Request.Response?

  init(_ answer: @escaping (Request) -> Request.Response?) {
    self.answer = answer
  }

  override func receive(_ parameter: UnsafeRawPointer) {
    // The node sends the address of a slot it owns as a variable, to be written back.
    let slot = UnsafeMutableRawPointer(mutating: parameter).assumingMemoryBound(to: AnswerSlot.self)
    guard !slot.pointee.isAnswered,
      let response = answer(slot.pointee.request.assumingMemoryBound(to: Request.self).pointee)
    else { return }
    slot.pointee.response.assumingMemoryBound(to: Request.Response?.self).pointee = response
    slot.pointee.isAnswered = true
  }
}
