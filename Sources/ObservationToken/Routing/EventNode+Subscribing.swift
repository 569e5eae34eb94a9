extension EventNode {
  /// Calls `handler` with every event of a type that reaches this node from now on —
  /// posted here or on a node below — after this node's interceptors.
  ///
  /// ```swift
  /// events.subscribe(to: RowDeleted.self) { event in print(event.row) }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type; events of other types never reach `handler`.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - handler: Receives each event, on the posting thread.
  /// - Returns: The token that owns the subscription; releasing it ends it.
  @inlinable
  public func subscribe<Routed: RoutedEvent>(
    to type: Routed.Type,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ handler: @escaping (Routed) -> Void
  ) -> ObservationToken {
    // Inlined, so that the subscription's class for `Routed` comes from the caller's
    // cache (see ``Event/subscribe(_:file:line:)``).
    events(of: Routed.self).subscribe(handler, file: file, line: line)
  }

  /// Calls `action` on `target` with every event of a type that reaches this node,
  /// holding the target weakly: the subscription ends when its token is released or the
  /// target is, whichever comes first.
  ///
  /// ```swift
  /// events.subscribe(to: RowDeleted.self, self, ScreenController.deleteRow).store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - target: The object whose method runs; never kept alive by the node.
  ///   - action: The method, named unapplied.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription.
  public func subscribe<Routed: RoutedEvent, Target: AnyObject>(
    to type: Routed.Type,
    _ target: Target,
    _ action: @escaping (Target) -> (Routed) -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    events(of: Routed.self).subscribe(target, action, file: file, line: line)
  }

  /// Calls `action`, a method taking nothing, on `target` each time an event of a type
  /// reaches this node, holding the target weakly.
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - target: The object whose method runs; never kept alive by the node.
  ///   - action: The method, named unapplied.
  ///   - file: Where the subscription is made, for descriptions; leave the default.
  ///   - line: The line, likewise.
  /// - Returns: The token that owns the subscription.
  public func subscribe<Routed: RoutedEvent, Target: AnyObject>(
    to type: Routed.Type,
    _ target: Target,
    _ action: @escaping (Target) -> () -> Void,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservationToken {
    events(of: Routed.self).subscribe(target, action, file: file, line: line)
  }

  /// Runs `interceptor` on every event of a type that reaches this node, before the
  /// node's subscribers: return the event (or a changed one) to let it go on, or `nil` to
  /// stop it here.
  ///
  /// Interceptors run in subscription order, each on what the one before returned. A
  /// changed event is what this node's subscribers and the nodes above it on this path
  /// see; a stopped one goes no further on this path — and never reaches this node's own
  /// subscribers, which run after its interceptors. Requests are not intercepted.
  ///
  /// ```swift
  /// list.events.intercept(RowDeleted.self) { event in event.row < 0 ? nil : event }.store(in: &bag)
  /// ```
  ///
  /// ```swift
  /// list.intercept(RowDeleted.self) { _ in nil }.store(in: &bag)  // stops every RowDeleted here
  /// list.subscribe(to: RowDeleted.self) { _ in heard.append("list") }.store(in: &bag)  // so never called
  /// let account = cell.request(CurrentAccount())  // requests are not intercepted: "alice"
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event type.
  ///   - file: Where the interceptor is added, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - interceptor: Returns what goes on, or `nil`.
  /// - Returns: The token that owns the interceptor; releasing it removes it.
  public func intercept<Routed: RoutedEvent>(
    _ type: Routed.Type,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ interceptor: @escaping (Routed) -> Routed?
  ) -> ObservationToken {
    let origin = SubscriptionOrigin(.interceptor, file: file, line: line)
    return addSubscription(.interceptor, for: Routed.self, file: file, line: line) {
      (slot: UnsafeMutablePointer<InterceptionSlot<Routed>>) in
      slot.pointee.pass(through: interceptor, named: "interceptor\(origin.location)")
    }
  }

  /// Answers a request of a type asked of this node or a node below, unless a nearer
  /// answer gives a response first. Returning `nil` declines: the next answer is asked —
  /// this node's others in subscription order, then the nodes above.
  ///
  /// ```swift
  /// events.answer(CurrentAccount.self) { _ in "alice" }.store(in: &bag)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The request type.
  ///   - file: Where the answer is added, for descriptions; leave the default.
  ///   - line: The line, likewise.
  ///   - answer: Returns the response, or `nil` to decline.
  /// - Returns: The token that owns the answer; releasing it removes it.
  @inlinable
  public func answer<Request: RoutedRequest>(
    _ type: Request.Type,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ answer: @escaping (Request) -> Request.Response?
  ) -> ObservationToken {
    // Inlined, so that the closure is made where `Request` is known: a request then runs
    // no generic code, which would ask the runtime for the metadata of `Request.Response?`
    // on every request.
    addSubscription(.answer, for: Request.self, file: file, line: line) { (slot: UnsafeMutablePointer<AnswerSlot>) in
      slot.pointee.ask(answer)
    }
  }

  /// This node's subscribers of `Routed`, as an event: the list, gate and tokens events use.
  @usableFromInline
  func events<Routed>(of type: Routed.Type) -> Event<Routed> {
    Event(source: storage.source(.subscribers, for: Routed.self, reading: Routed.self))
  }

  /// Adds an interceptor or an answer — `kind` says which, and so where it goes — whose
  /// closure fills in the slot a walk lends it: a closure subscription like any other, sent
  /// the slot's address (`SlotAddress`, an `UnsafeMutablePointer` to the slot). Generic over
  /// the whole pointer, so that the closure is made in the form the subscription keeps (a
  /// closure of a pointer to a generic slot would be wrapped in an adapter, one more
  /// allocation).
  @usableFromInline
  func addSubscription<Routed, SlotAddress>(
    _ kind: SubscriptionOrigin.Kind,
    for type: Routed.Type,
    file: StaticString,
    line: UInt,
    filling: @escaping (SlotAddress) -> Void
  ) -> ObservationToken {
    let source = storage.source(kind == .answer ? .answers : .interceptors, for: Routed.self, reading: SlotAddress.self)
    let subscription = ClosureSubscription(source: source, kind, file: file, line: line, handler: filling)
    return Event<SlotAddress>(source: source).subscribe(subscription)
  }
}
