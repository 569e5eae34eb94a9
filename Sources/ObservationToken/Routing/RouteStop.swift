/// One node a post or request reaches, with the value its path carries there.
struct RouteStop {
  let node: EventNode
  /// The address of the value: the one posted, valid for the whole walk, or one an
  /// interceptor made, kept by `keeper`.
  let value: UnsafeRawPointer
  let keeper: AnyObject?
}
