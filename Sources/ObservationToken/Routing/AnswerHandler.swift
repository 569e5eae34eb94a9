/// Asks an answer for a response, unless an earlier one gave it.
final class AnswerHandler<Request: RoutedRequest>: SubscriptionHandler {
  private let answer: (Request) -> Request.Response?

  init(_ answer: @escaping (Request) -> Request.Response?) {
    self.answer = answer
    super.init { handler, slot, _ in
      unsafeDowncast(handler, to: AnswerHandler.self).ask(slot.lentPointer(to: AnswerSlot.self))
      return true
    }
  }

  private func ask(_ slot: UnsafeMutablePointer<AnswerSlot>) {
    guard !slot.pointee.isAnswered, let response = answer(slot.pointee.request.pointer(to: Request.self).pointee) else {
      return
    }
    slot.pointee.response.lentPointer(to: Request.Response?.self).pointee = response
    slot.pointee.isAnswered = true
  }
}
