/// One node a post or request reaches, with the value its path carries there.
///
/// Plain bits: the frontier that stores it retains the node and the keeper, and releases
/// them when the stop is taken out, so that reading a stop — a walk compares every node
/// it reaches with those before it — retains nothing.
struct RouteStop {
  let node: Unmanaged<EventNodeStorage>
  /// The value: the one posted, valid for the whole walk, or one an interceptor made,
  /// kept by `keeper`.
  let value: ErasedValue
  let keeper: Unmanaged<AnyObject>?
}
