/// Asks an answer for a response, unless an earlier one gave it.
///
/// A ``SubscriptionHandler``: its receive function is made in its inlinable `init`, where
/// `Request` is known, so that a request runs no generic code — generic code would ask the
/// runtime for the metadata of `Request.Response?` on every request.
@usableFromInline
final class AnswerHandler<Request: RoutedRequest>: SubscriptionHandler {
  @usableFromInline let answer: (Request) -> Request.Response?

  @inlinable
  init(_ answer: @escaping (Request) -> Request.Response?) {
    self.answer = answer
    super.init { handler, value, _ in
      let slot = value.lentPointer(to: AnswerSlot.self)
      guard !slot.pointee.isAnswered,
        let response = unsafeDowncast(handler, to: AnswerHandler.self)
          .answer(slot.pointee.request.pointer(to: Request.self).pointee)
      else { return true }
      slot.pointee.response.lentPointer(to: Request.Response?.self).pointee = response
      slot.pointee.isAnswered = true
      return true
    }
  }
}
