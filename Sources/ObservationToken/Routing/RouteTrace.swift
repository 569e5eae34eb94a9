/// The route one post took: the nodes it reached, nearest first, what their interceptors
/// did to it, and whether their subscribers received it. Made by
/// ``EventNode/tracePost(_:)``, for debugging.
///
/// ```
/// RowDeleted(row: 1) from RowCell, received:
///   RowCell
///   List: changed by interceptor at App/List.swift:20 to RowDeleted(row: 2); received
///   Screen: received
/// ```
public struct RouteTrace: Sendable, CustomStringConvertible {
  /// One node the post reached.
  public struct Step: Sendable {
    /// The node's name.
    public let node: String
    /// What its interceptors did: each change (`changed by interceptor at … to …`) and
    /// the stop, if one stopped the event there.
    public internal(set) var interceptions: [String] = []
    /// Whether an interceptor stopped the event at this node.
    public internal(set) var wasStopped = false
    /// Whether a subscriber of this node received it.
    public internal(set) var wasReceived = false
  }

  /// The event, as `String(describing:)` prints it.
  public let event: String
  /// The node it was posted on.
  public let origin: String
  /// The nodes it reached, in the order it reached them.
  public let steps: [Step]
  /// Whether any subscriber received it: what ``EventNode/post(_:)`` returns.
  public let wasReceived: Bool

  /// The route for reading: the event and where it was posted, whether it was received, then
  /// one line per node reached, with what its interceptors did.
  public var description: String {
    let lines = steps.map { step in
      let notes = step.interceptions + (step.wasReceived ? ["received"] : [])
      return "  " + step.node + (notes.isEmpty ? "" : ": " + notes.joined(separator: "; "))
    }
    return "\(event) from \(origin), " + (wasReceived ? "received" : "not received") + ":\n"
      + lines.joined(separator: "\n")
  }
}
