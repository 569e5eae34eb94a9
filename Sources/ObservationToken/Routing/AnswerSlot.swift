/// A request on its way through one node's answers: the first that gives a response
/// settles it; the others are not asked. Not generic, so that a walk builds it without
/// looking up type metadata: it holds the addresses of the request and of the caller's
/// `Response?`.
struct AnswerSlot {
  let request: UnsafeRawPointer
  let response: UnsafeMutableRawPointer
  var isAnswered = false
}
