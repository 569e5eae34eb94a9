/// What a visit of one node decides for the walk.
enum RouteStep {
  /// Go on to this node's parents, carrying this value; `keeper` keeps it
  /// when it is new here (an interceptor's box), otherwise `nil` (the value is the one
  /// this node received).
  case up(ErasedValue, keeper: AnyObject?)
  /// Go no further on this path; other paths go on.
  case stop
  /// End the whole walk.
  case finish
}
