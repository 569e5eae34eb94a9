/// The stops of one walk, in the order reached: its queue. It holds each node's storage
/// and each keeper until the walk ends, so no address it compares is reused meanwhile.
///
/// A node may have several stops — reached by several paths, or around a cycle: it is
/// visited at its first, and its later ones are passed over (``isFirstVisit(at:)``).
/// Checking as stops leave the queue, not as they enter it, visits the nodes in the same
/// order — the first stop of each is where it would have entered — and a path that stops
/// takes its stops out again without undoing any record.
///
/// The first stops live in storage the caller gives (on the stack), so a short walk
/// allocates nothing; a longer one moves them to the heap, doubling. Stops are read in
/// place, never copied.
struct RouteFrontier: ~Copyable {
  /// How many stops the caller's storage holds.
  static let inlineCapacity = 16
  /// Up to this many stops, a stop's node is looked for among the earlier ones; past it,
  /// in ``VisitedNodes``: the cost of a visit stays flat however long the walk.
  private static let linearLimit = 8

  private let inline: UnsafeMutablePointer<RouteStop>
  private var stops: UnsafeMutablePointer<RouteStop>
  private var capacity: Int
  private(set) var count = 0
  /// The nodes visited, once the walk is past ``linearLimit`` stops.
  private var visited = VisitedNodes()

  init(storage: UnsafeMutableBufferPointer<RouteStop>) {
    inline = storage.baseAddress!
    stops = inline
    capacity = storage.count
  }

  deinit {
    // One stop at a time: a count known only at run time would go through the value
    // witnesses of `RouteStop`, element by element.
    for index in 0..<count { (stops + index).deinitialize(count: 1) }
    if stops != inline { stops.deallocate() }
  }

  /// The node of stop `index`, not retained: the frontier holds it.
  func node(at index: Int) -> Unmanaged<EventNodeStorage> {
    .passUnretained(stops[index].node)
  }

  /// The value of stop `index`, and its keeper, not retained: the frontier holds it.
  func value(at index: Int) -> (value: ErasedValue, keeper: Unmanaged<AnyObject>?) {
    (stops[index].value, stops[index].keeper.map { .passUnretained($0) })
  }

  /// Whether stop `index` is its node's first to come up: none of the stops before it
  /// (all of which came up already) has that node. Call once per stop, in order.
  mutating func isFirstVisit(at index: Int) -> Bool {
    let node = ObjectIdentifier(stops[index].node)
    guard index >= Self.linearLimit else {
      for earlier in 0..<index where ObjectIdentifier(stops[earlier].node) == node { return false }
      return true
    }
    if index == Self.linearLimit {
      for earlier in 0..<index { visited.insert(ObjectIdentifier(stops[earlier].node)) }
    }
    return visited.insert(node)
  }

  /// Adds a stop at `node`, carrying `value` kept by `keeper`.
  mutating func append(_ node: EventNodeStorage, carrying value: ErasedValue, keeper: AnyObject?) {
    if count == capacity { grow() }
    (stops + count).initialize(to: RouteStop(node: node, value: value, keeper: keeper))
    count += 1
  }

  /// The stops from `start` on were appended for a node whose path ends there: they are
  /// taken out again (none has come up yet).
  mutating func removeStops(from start: Int) {
    for index in start..<count { (stops + index).deinitialize(count: 1) }
    count = start
  }

  /// The stops from `start` on were appended carrying their node's incoming value; they
  /// carry `value`, kept by `keeper`, instead.
  mutating func replaceValues(from start: Int, with value: ErasedValue, keeper: AnyObject) {
    for index in start..<count {
      stops[index] = RouteStop(node: stops[index].node, value: value, keeper: keeper)
    }
  }

  /// Moves the stops to a heap buffer twice as large.
  private mutating func grow() {
    let larger = UnsafeMutablePointer<RouteStop>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: stops, count: count)
    if stops != inline { stops.deallocate() }
    stops = larger
    capacity *= 2
  }
}
