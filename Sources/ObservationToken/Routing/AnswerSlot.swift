/// A request on its way through one node's answers: the first that gives a response
/// settles it; the others are not asked. Not generic, so that a walk builds it without
/// looking up type metadata: it holds the request and the caller's `Response?`, lent to be
/// written.
@usableFromInline
struct AnswerSlot {
  @usableFromInline let request: ErasedValue
  @usableFromInline let response: ErasedValue
  @usableFromInline var isAnswered = false
}
