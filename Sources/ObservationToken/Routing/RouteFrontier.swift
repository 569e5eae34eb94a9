/// The stops of one walk, in the order reached: its queue. It holds each node's storage
/// and each keeper until the walk ends (it retains them as it stores a stop, and releases
/// them as it takes one out), so no address it compares is reused meanwhile. The first
/// stop, the walk's origin, is the exception: the node posting holds its storage for the
/// whole walk (a method's `self` lives through the call), so the frontier does not.
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
  private static let linearLimit = 16

  private let inline: UnsafeMutablePointer<RouteStop>
  private var stops: UnsafeMutablePointer<RouteStop>
  private var capacity: Int
  private(set) var count = 0
  /// The nodes visited, once the walk is past ``linearLimit`` stops.
  private var visited = VisitedNodes()

  /// A frontier whose first stop is `origin`, carrying `value`; not retained: the caller
  /// holds `origin` until the frontier is gone.
  init(storage: UnsafeMutableBufferPointer<RouteStop>, origin: EventNodeStorage, carrying value: ErasedValue) {
    inline = storage.baseAddress!
    stops = inline
    capacity = storage.count
    stops.initialize(to: RouteStop(node: .passUnretained(origin), value: value, keeper: nil))
    count = 1
  }

  deinit {
    releaseStops(from: 1)
    if stops != inline { stops.deallocate() }
  }

  /// Stop `index`; the frontier holds its node and keeper.
  subscript(index: Int) -> RouteStop {
    stops[index]
  }

  /// Whether stop `index` is its node's first to come up: none of the stops before it
  /// (all of which came up already) has that node. Call once per stop, in order.
  mutating func isFirstVisit(at index: Int) -> Bool {
    let node = stops[index].node.toOpaque()
    guard index >= Self.linearLimit else {
      for earlier in 0..<index where stops[earlier].node.toOpaque() == node { return false }
      return true
    }
    if index == Self.linearLimit {
      for earlier in 0..<index { visited.insert(UInt(bitPattern: stops[earlier].node.toOpaque())) }
    }
    return visited.insert(UInt(bitPattern: node))
  }

  /// Adds a stop at `node`, carrying `value` kept by `keeper`; retains both.
  mutating func append(_ node: EventNodeStorage, carrying value: ErasedValue, keeper: Unmanaged<AnyObject>?) {
    if count == capacity { grow() }
    _ = keeper?.retain()
    (stops + count).initialize(to: RouteStop(node: .passRetained(node), value: value, keeper: keeper))
    count += 1
  }

  /// The stops from `start` on were appended for a node whose path ends there: they are
  /// taken out again (none has come up yet; `start` is past the origin).
  mutating func removeStops(from start: Int) {
    releaseStops(from: start)
    count = start
  }

  /// Releases the nodes and keepers of the stops from `start` on, which is past the origin.
  private func releaseStops(from start: Int) {
    for index in start..<count {
      stops[index].node.release()
      stops[index].keeper?.release()
    }
  }

  /// The stops from `start` on were appended carrying their node's incoming value; they
  /// carry `value`, kept by `keeper`, instead.
  mutating func replaceValues(from start: Int, with value: ErasedValue, keeper: AnyObject) {
    for index in start..<count {
      stops[index].keeper?.release()
      stops[index] = RouteStop(node: stops[index].node, value: value, keeper: .passRetained(keeper))
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
