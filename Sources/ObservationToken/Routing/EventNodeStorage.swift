import Synchronization

/// What an ``EventNode`` routes with — its name, its parents and its channels — in an
/// object of its own, which its children and the walks passing through hold strongly.
///
/// Why not the node itself: children hold their parents weakly, and an object that is
/// weakly referenced keeps its reference counts in a side table, where every retain and
/// release takes the runtime's slow path (see INVARIANTS). A walk retains and releases every node it reaches; nothing references a storage weakly,
/// so its counts stay inline.
///
/// The node owns its storage. When the node is released, its storage is marked released
/// at once: its parents are let go, its subscriptions end (their sources are detached) and
/// walks pass it by, so a released node drops out of every chain — also during a post.
/// The storage itself lives on while a child or a walk holds it, with its channels, so
/// that the sources a walk read from it stay alive (``RouteSources`` does not retain
/// them).
final class EventNodeStorage {
  /// What descriptions and traces call the node.
  let name: String
  /// The node, for ``EventNode/parents``; the walks never read it.
  weak var node: EventNode?
  /// Set, under the lock, when the node is released; read without it by a child's walk
  /// that may skip the storage (a hint: the walk checks again on arrival, under the lock).
  private let released = Atomic<Bool>(false)

  private struct State {
    /// In the order they were added; never a released one past the next change.
    var parents: [EventNodeStorage] = []
    /// The subscriptions, by routed type. A node hears few types: a short array searched
    /// in order costs less than hashing.
    var channels: [RouteChannel] = []

    func index(of type: ObjectIdentifier) -> Int? {
      channels.firstIndex { $0.type == type }
    }

    /// Takes the released parents out, and returns them, to be let go after the lock.
    mutating func removeReleasedParents() -> [EventNodeStorage] {
      guard parents.contains(where: \.isReleased) else { return [] }
      let released = parents.filter(\.isReleased)
      parents.removeAll(where: \.isReleased)
      return released
    }
  }

  private let state = Locked(State())

  init(name: String) {
    self.name = name
  }

  /// Whether the node was released.
  var isReleased: Bool { released.load(ordering: .relaxed) }

  /// Closes the storage of a node being released: from now on it has no parents and walks
  /// pass it by; every subscription of the node ends. Called once, from the node's `deinit`.
  func close() {
    let (parents, channels) = state.withLock { state in
      released.store(true, ordering: .relaxed)
      defer { state.parents = [] }
      return (state.parents, state.channels)
    }
    // Outside the lock: detaching ends subscriptions, and the parents' last releases may
    // free storages.
    for channel in channels {
      for (_, source) in channel.sources { source.detach() }
    }
    withExtendedLifetime(parents) {}
  }

  // MARK: Parents

  /// Adds `parent` after the parents already added, unless it is one of them.
  func addParent(_ parent: EventNodeStorage) -> Bool {
    let (added, pruned) = state.withLock { state in
      let pruned = state.removeReleasedParents()
      guard !state.parents.contains(where: { $0 === parent }) else { return (false, pruned) }
      state.parents.append(parent)
      return (true, pruned)
    }
    withExtendedLifetime(pruned) {}
    return added
  }

  /// Removes `parent`; whether it was a parent.
  func removeParent(_ parent: EventNodeStorage) -> Bool {
    let removed = state.withLock { state in
      state.parents.firstIndex { $0 === parent }.map { state.parents.remove(at: $0) }
    }
    return removed != nil
  }

  /// The parents whose nodes are alive now, in the order they were added.
  var parents: [EventNode] {
    state.withLock { $0.parents }.compactMap(\.node)
  }

  // MARK: Walks

  /// What a walk reads when it reaches this storage, under one lock: its sources for
  /// `type` (not retained: the storage keeps them, and the walk holds the storage), and
  /// its parents, in order, appended to `frontier` — each carrying `value` kept by
  /// `keeper`. `nil` when the node was released: the walk passes it by.
  func arrive(
    for type: ObjectIdentifier,
    appendingParentsTo frontier: inout RouteFrontier,
    carrying value: ErasedValue,
    keeper: Unmanaged<AnyObject>?
  ) -> RouteSources? {
    state.withLock { state in
      guard !isReleased else { return nil }
      for parent in state.parents where !parent.isReleased {
        frontier.append(parent, carrying: value, keeper: keeper)
      }
      guard let index = state.index(of: type) else { return RouteSources() }
      return RouteSources(state.channels[index])
    }
  }

  // MARK: Subscriptions

  /// The source subscriptions of `role` for `Routed` go to, made on first use.
  func source<Routed>(_ role: RouteChannel.Role, for type: Routed.Type, reading: Any.Type) -> SubscriberSource {
    state.withLock { state in
      let key = ObjectIdentifier(Routed.self)
      let index =
        state.index(of: key)
        ?? {
          RoutedTypeCensus.record(key)
          state.channels.append(RouteChannel(for: Routed.self))
          return state.channels.endIndex - 1
        }()
      if let source = state.channels[index].source(role) { return source }
      let source = SubscriberSource(
        name: "\(routedTypeName(Routed.self)) on \(name)",
        valueType: reading,
        onFirstSubscribe: nil,
        onLastUnsubscribe: nil
      )
      state.channels[index].setSource(source, role)
      return source
    }
  }

  /// The channels, for descriptions.
  var channels: [RouteChannel] {
    state.withLock { $0.channels }
  }
}
