/// What kind of subscription an event has and where in the source it was made, for the
/// event's description.
///
/// Laid out to cost a subscription 24 bytes: the file is a `StaticString` (the compiler's
/// own literal, never copied), the line 32 bits.
struct SubscriptionOrigin: Sendable {
  /// How a subscription delivers the event.
  enum Kind: UInt8, Sendable {
    case closure
    case targetAction
    case queue
    case mainActor
    case sequence
  }

  /// The file it was made in (`#fileID`); empty when unknown.
  let file: StaticString
  let kind: Kind
  let line: UInt32

  init(_ kind: Kind, file: StaticString, line: UInt) {
    self.file = file
    self.kind = kind
    self.line = UInt32(truncatingIfNeeded: line)
  }

  /// ` at Module/File.swift:12`, or nothing when the place is unknown.
  var location: String {
    file.utf8CodeUnitCount == 0 ? "" : " at \(file):\(line)"
  }
}
