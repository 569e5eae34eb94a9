/// One node a post or request reaches, with the value its path carries there.
struct RouteStop {
  let node: EventNodeStorage
  /// The value: the one posted, valid for the whole walk, or one an interceptor made,
  /// kept by `keeper`.
  let value: ErasedValue
  let keeper: AnyObject?
}
