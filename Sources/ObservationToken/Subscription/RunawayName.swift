/// How a stop for a handler that calls itself without end names one handler of the loop:
/// what it observes or receives, and where it was made when known.
struct RunawayName {
  /// `the handler observing \Document.title on Document`.
  let handler: String
  /// `App/Document.swift:12`, where the observation was made; `nil` when unknown.
  var location: String? = nil

  /// The name inside a sentence: `the handler observing … , observed at App/Document.swift:12,`.
  var inSentence: String { location.map { "\(handler), observed at \($0)," } ?? handler }

  /// The name as a line of a list.
  var inList: String { location.map { "\(handler), observed at \($0)" } ?? handler }
}
