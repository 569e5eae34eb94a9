/// What kind of subscription an event has and where in the source it was made, for the
/// event's description.
///
/// 16 bytes: a ``SourceLocation`` (14) and the kind.
@usableFromInline
struct SubscriptionOrigin: Sendable {
  /// How a subscription delivers the event.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    case closure
    case targetAction
    case queue
    case mainActor
    case sequence
    /// Routing: an event forwarded to a node, an interceptor, an answer.
    case forward
    case interceptor
    case answer
  }

  private let place: SourceLocation
  let kind: Kind

  init(_ kind: Kind, file: StaticString, line: UInt) {
    self.place = SourceLocation(file: file, line: line)
    self.kind = kind
  }

  /// ` at Module/File.swift:12`, or nothing when the place is unknown.
  var location: String {
    place.description.map { " at \($0)" } ?? ""
  }
}
