/// The nodes one walk has reached, in the order reached: its queue and its record of
/// where it has been (a node is reached at most once). It holds each node and keeper
/// until the walk ends.
///
/// The first few live in storage the caller gives (on the stack), so a walk up a short
/// chain allocates nothing; more go to an array, and a long walk checks where it has
/// been in a set. Stops are read in place, never copied: a node with children has weak
/// references to it, which makes every retain and release of it take the slow path.
struct RouteFrontier: ~Copyable {
  private let inline: UnsafeMutableBufferPointer<RouteStop>
  /// Made only when the storage is full, and the set only past ``linearLimit``: a short
  /// walk neither allocates nor frees them.
  private var overflow: [RouteStop]?
  private var visited: Set<ObjectIdentifier>?
  private(set) var count = 0

  /// Beyond this many nodes, looking through them costs more than a set.
  private static let linearLimit = 16

  init(storage: UnsafeMutableBufferPointer<RouteStop>) {
    inline = storage
  }

  deinit {
    inline.baseAddress?.deinitialize(count: min(count, inline.count))
  }

  /// The node of stop `index`, not retained: the frontier holds it.
  func node(at index: Int) -> Unmanaged<EventNode> {
    index < inline.count ? .passUnretained(inline[index].node) : .passUnretained(overflow![index - inline.count].node)
  }

  /// The value of stop `index`, and its keeper, not retained: the frontier holds it.
  func value(at index: Int) -> (value: ErasedValue, keeper: Unmanaged<AnyObject>?) {
    if index < inline.count { return (inline[index].value, inline[index].keeper.map { .passUnretained($0) }) }
    let stop = overflow![index - inline.count]
    return (stop.value, stop.keeper.map { .passUnretained($0) })
  }

  /// The stops from `start` on were appended for a node whose path ends there: they are
  /// taken out again, and count as not reached.
  mutating func removeStops(from start: Int) {
    for index in (start..<count).reversed() {
      if visited != nil { visited!.remove(ObjectIdentifier(node(at: index).takeUnretainedValue())) }
      if index < inline.count { (inline.baseAddress! + index).deinitialize(count: 1) } else { overflow!.removeLast() }
    }
    count = start
  }

  /// The stops from `start` on were appended carrying their node's incoming value; they
  /// carry `value`, kept by `keeper`, instead.
  mutating func replaceValues(from start: Int, with value: ErasedValue, keeper: AnyObject) {
    for index in start..<count {
      let stop = RouteStop(node: node(at: index).takeUnretainedValue(), value: value, keeper: keeper)
      if index < inline.count { inline[index] = stop } else { overflow![index - inline.count] = stop }
    }
  }

  /// Adds `node`, carrying `value` kept by `keeper`, unless it was reached already.
  /// Returns whether it was added.
  @discardableResult
  mutating func append(_ node: consuming EventNode, carrying value: ErasedValue, keeper: AnyObject?) -> Bool {
    let id = ObjectIdentifier(node)
    if count < Self.linearLimit {
      for index in 0..<count where ObjectIdentifier(self.node(at: index).takeUnretainedValue()) == id { return false }
    } else {
      if visited == nil { visited = Set((0..<count).map { ObjectIdentifier(self.node(at: $0).takeUnretainedValue()) }) }
      guard visited!.insert(id).inserted else { return false }
    }
    let stop = RouteStop(node: node, value: value, keeper: keeper)
    if count < inline.count {
      inline.initializeElement(at: count, to: stop)
    } else {
      if overflow == nil { overflow = [] }
      overflow!.append(stop)
    }
    count += 1
    return true
  }
}
