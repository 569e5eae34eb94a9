extension EventNode {
  /// Posts an event: this node's interceptors and subscribers receive it first, then its
  /// parents', nearest first, each node at most once.
  ///
  /// Delivery is synchronous on the calling thread. Posting with nobody listening is not
  /// an error: it returns `false`.
  ///
  /// ```swift
  /// let reached = cell.events.post(RowDeleted(row: 1))
  /// ```
  ///
  /// - Returns: Whether any subscriber received it.
  /// - Complexity: Proportional to the nodes on the event's paths and the registrations for
  ///   its type at each; types are found by identity, never by name. A type that no node
  ///   has ever had a registration for returns at once.
  @inlinable @discardableResult
  public func post<Routed: RoutedEvent>(_ event: Routed) -> Bool {
    route(event, trace: nil)
  }

  /// Posts an event as ``post(_:)`` does, and returns the route it took: which nodes it
  /// reached, which interceptor changed or stopped it, where it was received. For
  /// debugging; `print` the result.
  public func tracePost<Routed: RoutedEvent>(_ event: Routed) -> RouteTrace {
    let tracer = RouteTracer()
    let received = route(event, trace: tracer)
    return RouteTrace(event: String(describing: event), origin: name, steps: tracer.steps, wasReceived: received)
  }

  /// Asks a question of this node and the nodes above it: the first answer, nearest
  /// first, that gives a response settles it.
  ///
  /// ```swift
  /// let account = cell.events.request(CurrentAccount())   // String?
  /// ```
  ///
  /// - Returns: The response, or `nil` when no answer gave one.
  @inlinable
  public func request<Request: RoutedRequest>(_ request: Request) -> Request.Response? {
    // Here, where the types are known: generic code would ask the runtime for the
    // metadata of `Response?` on every request.
    var response: Request.Response?
    ErasedValue.with(lending: &response) { response in
      ErasedValue.with(request) { ask($0, of: ObjectIdentifier(Request.self), response: response) }
    }
    return response
  }
}
