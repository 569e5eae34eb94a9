/// A request on its way through one node's answers: the first that gives a response
/// settles it; the others are not asked. Not generic, so that a walk builds it without
/// looking up type metadata: it holds the request and the caller's `Response?`, lent to be
/// written. The walk sends each answer the slot's address.
@usableFromInline
struct AnswerSlot {
  @usableFromInline let request: ErasedValue
  @usableFromInline let response: ErasedValue
  @usableFromInline var isAnswered = false

  /// Asks `answer` for a response, unless an earlier answer gave it, and keeps the
  /// response. Inlined where `Request` is known, so that it runs no generic code.
  @inlinable
  mutating func ask<Request: RoutedRequest>(_ answer: (Request) -> Request.Response?) {
    guard !isAnswered, let response = answer(request.pointer(to: Request.self).pointee) else { return }
    self.response.lentPointer(to: Request.Response?.self).pointee = response
    isAnswered = true
  }
}
