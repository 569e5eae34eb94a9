/// What kind of subscription an event has and where in the source it was made, for the
/// event's description.
///
/// 16 bytes: the file is kept as the address and length of the compiler's `#fileID`
/// literal, which lives as long as the program, and the line as 32 bits.
struct SubscriptionOrigin: Sendable {
  /// How a subscription delivers the event.
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

  /// The file's UTF-8 text; `nil` when unknown. Static data, never freed.
  private nonisolated(unsafe) let file: UnsafePointer<UInt8>?
  private let fileLength: UInt16
  let kind: Kind
  private let line: UInt32

  init(_ kind: Kind, file: StaticString, line: UInt) {
    let isKnown = file.hasPointerRepresentation && file.utf8CodeUnitCount > 0 && file.utf8CodeUnitCount <= UInt16.max
    self.file = isKnown ? file.utf8Start : nil
    self.fileLength = isKnown ? UInt16(file.utf8CodeUnitCount) : 0
    self.kind = kind
    self.line = UInt32(truncatingIfNeeded: line)
  }

  /// ` at Module/File.swift:12`, or nothing when the place is unknown.
  var location: String {
    guard let file else { return "" }
    return " at \(String(decoding: UnsafeBufferPointer(start: file, count: Int(fileLength)), as: UTF8.self)):\(line)"
  }
}
