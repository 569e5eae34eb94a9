import Synchronization

/// A per-object typed event dispatcher that is also a link in a chain of owners: events
/// posted on a node reach its subscribers, then travel up to its parents.
///
/// Any class holds one as a member — no base class:
///
/// ```swift
/// final class RowCell {
///   let events = EventNode(name: "RowCell")
///   func deleteTapped() { events.post(RowDeleted(row: 3)) }
/// }
/// final class ListController {
///   let events = EventNode(name: "List")
///   func add(_ cell: RowCell) { cell.events.addParent(events) }   // held weakly
/// }
/// ```
///
/// A post reaches, at each node, its interceptors (in subscription order), then its
/// subscribers (in subscription order), then its parents (in the order they were added):
/// nearest first, breadth-first over forks and joins, every node at most once, so cycles
/// of parents never loop. An interceptor may stop the event at its node or change it for
/// that node and the nodes above it on that path. Delivery is synchronous, on the posting
/// thread, with no lock held: handlers may subscribe, end subscriptions, post, and add or
/// remove parents. A post reads a node's subscriptions and parents when it reaches the
/// node, so what a handler changes there applies from the next post on (as a
/// subscription made during a send waits for the next send).
///
/// A request is answered by the node itself or the nearest node above with an answer that
/// gives one: an answer returning `nil` declines, and the next is asked — the node's other
/// answers in subscription order, then the nodes above.
///
/// Thread safety: posts, requests, subscriptions and parent changes may come from any
/// threads at once. Like ``EventSender``, a node is not `Sendable`: its handlers,
/// interceptors and answers are plain closures that run on the posting thread, so a node
/// stays in its owner's isolation domain (a `@MainActor` screen's, say). Handlers that
/// belong elsewhere are delivered there:
/// ``subscribe(to:on:file:line:_:)-(_,MainActor,_,_,_)`` and
/// ``subscribe(to:on:file:line:_:)-(_,DispatchQueue,_,_,_)``.
public final class EventNode {
  /// What descriptions and traces call the node.
  public let name: String

  private struct State {
    /// Held weakly, in the order they were added.
    var parents: [WeakReference<EventNode>] = []
    /// The subscriptions, by routed type. A node hears few types: a short array searched
    /// in order costs less than hashing.
    var channels: [RouteChannel] = []

    func index(of type: ObjectIdentifier) -> Int? {
      channels.firstIndex { $0.type == type }
    }
  }

  private let state = Locked(State())

  /// Creates a node.
  ///
  /// - Parameter name: What descriptions and traces call the node, such as `"List"`.
  public init(name: String) {
    self.name = name
  }

  deinit {
    let channels = state.withLock { $0.channels }
    for channel in channels {
      for (_, source) in channel.sources { source.detach() }
    }
  }

  // MARK: Parents

  /// Adds a parent, after those already added; posts and requests reach it after this
  /// node. The parent is held weakly: once released, it drops out.
  ///
  /// - Returns: Whether it was added: `false` when it is this node itself or already a
  ///   parent (both harmless, and ignored).
  @discardableResult
  public func addParent(_ parent: EventNode) -> Bool {
    guard parent !== self else { return false }
    return state.withLock { state in
      state.parents.removeAll { !$0.isAlive }
      guard !state.parents.contains(where: { $0.object === parent }) else { return false }
      state.parents.append(WeakReference(parent))
      return true
    }
  }

  /// Removes a parent.
  ///
  /// - Returns: Whether it was a parent; removing one that is not is harmless.
  @discardableResult
  public func removeParent(_ parent: EventNode) -> Bool {
    state.withLock { state in
      guard let index = state.parents.firstIndex(where: { $0.object === parent }) else { return false }
      state.parents.remove(at: index)
      return true
    }
  }

  /// The parents alive now, in the order they were added.
  public var parents: [EventNode] {
    state.withLock { $0.parents }.compactMap(\.object)
  }

  // MARK: Subscriptions

  /// What a walk reads when it reaches this node, under one lock: the node's sources for
  /// `type` (not retained: the node keeps them until it is released, and the walk holds
  /// the node), and its parents alive now, in order, appended to `frontier` — each
  /// carrying `value` kept by `keeper`, unless reached already. Weak references are loaded
  /// there, without copying the list.
  func arrive(
    for type: ObjectIdentifier,
    appendingParentsTo frontier: inout RouteFrontier,
    carrying value: ErasedValue,
    keeper: AnyObject?
  ) -> RouteSources {
    state.withLock { state in
      for parent in state.parents {
        guard let parent = parent.object else { continue }
        frontier.append(parent, carrying: value, keeper: keeper)
      }
      guard let index = state.index(of: type) else { return RouteSources() }
      return RouteSources(
        interceptors: state.channels[index].interceptors.map { Unmanaged.passUnretained($0) },
        subscribers: state.channels[index].subscribers.map { Unmanaged.passUnretained($0) },
        answers: state.channels[index].answers.map { Unmanaged.passUnretained($0) }
      )
    }
  }

  /// The source subscriptions of `role` for `Routed` go to, made on first use.
  func source<Routed>(_ role: RouteChannel.Role, for type: Routed.Type, reading: Any.Type) -> EventSource {
    state.withLock { state in
      let key = ObjectIdentifier(Routed.self)
      let index = state.index(of: key) ?? {
        RoutedTypeCensus.record(key)
        state.channels.append(RouteChannel(for: Routed.self))
        return state.channels.endIndex - 1
      }()
      if let source = state.channels[index][keyPath: role.keyPath] { return source }
      let source = EventSource(
        name: "\(routedTypeName(Routed.self)) on \(name)",
        parameterType: reading,
        onFirstSubscribe: nil,
        onLastUnsubscribe: nil
      )
      state.channels[index][keyPath: role.keyPath] = source
      return source
    }
  }

  /// The channels, for descriptions.
  var channels: [RouteChannel] {
    state.withLock { $0.channels }
  }
}
