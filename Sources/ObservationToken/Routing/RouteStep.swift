/// What a visit of one node decides for the walk.
enum RouteStep {
  /// Go on to this node's parents, carrying the value this node received.
  case up
  /// Go on to this node's parents carrying a value new here (an interceptor's), kept by
  /// `keeper`.
  case upChanged(ErasedValue, keeper: AnyObject)
  /// Go no further on this path; other paths go on.
  case stop
  /// End the whole walk.
  case finish
}
