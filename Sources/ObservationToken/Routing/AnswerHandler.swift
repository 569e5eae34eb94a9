/// Asks an answer for a response, unless an earlier one gave it.
final class AnswerHandler<Request: RoutedRequest>: SubscriptionHandler {
  private let answer: (Request) -> Request.Response?

  init(_ answer: @escaping (Request) -> Request.Response?) {
    self.answer = answer
  }

  override func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool {
    let slot = value.lentPointer(to: AnswerSlot.self)
    guard !slot.pointee.isAnswered, let response = answer(slot.pointee.request.pointer(to: Request.self).pointee) else {
      return true
    }
    slot.pointee.response.lentPointer(to: Request.Response?.self).pointee = response
    slot.pointee.isAnswered = true
    return true
  }
}
