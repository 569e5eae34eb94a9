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
/// subscription made during a send waits for the next send). A node released during a post
/// is not reached by the rest of it: releasing a node ends its subscriptions at once.
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
  /// What its children and walks hold: its name, parents and channels.
  let storage: EventNodeStorage

  /// What descriptions and traces call the node.
  public var name: String { storage.name }

  /// Creates a node.
  ///
  /// - Parameter name: What descriptions and traces call the node, such as `"List"`.
  public init(name: String) {
    storage = EventNodeStorage(name: name)
    storage.node = self
  }

  deinit {
    storage.close()
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
    return storage.addParent(parent.storage)
  }

  /// Removes a parent.
  ///
  /// - Returns: Whether it was a parent; removing one that is not is harmless.
  @discardableResult
  public func removeParent(_ parent: EventNode) -> Bool {
    storage.removeParent(parent.storage)
  }

  /// The parents alive now, in the order they were added.
  public var parents: [EventNode] {
    storage.parents
  }
}
