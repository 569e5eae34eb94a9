import ObservationToken
import Testing

/// Walks longer than the frontier's first 16 stops (on the stack, compared one by one):
/// past them, stops move to the heap and visits are recorded in a table of addresses.
@Suite("Routing depth")
struct RoutingDepthTests {
  /// `count` nodes in a ring: each the parent of the one before, the first the parent of
  /// the last.
  private static func ring(_ count: Int) -> [EventNode] {
    let nodes = (0..<count).map { EventNode(name: "n\($0)") }
    for index in nodes.indices { nodes[index].addParent(nodes[(index + 1) % count]) }
    return nodes
  }

  @Test("A cycle of parents longer than 16 nodes is walked once around, nearest first", arguments: [16, 17, 40, 100])
  func longCycle(count: Int) {
    let nodes = Self.ring(count)
    let log = RouteLog()
    var bag = ObservationBag()
    for node in nodes {
      node.subscribe(to: RowDeleted.self) { _ in log.append(node.name) }.store(in: &bag)
    }
    let start = count / 2
    #expect(nodes[start].post(RowDeleted(row: 1)))
    let expected = (0..<count).map { nodes[(start + $0) % count].name }
    #expect(log.entries == expected)
  }

  @Test("A request nobody answers asks each node of a cycle longer than 16 nodes once", arguments: [17, 100])
  func longCycleRequest(count: Int) {
    let nodes = Self.ring(count)
    var asked: [String] = []
    var bag = ObservationBag()
    for node in nodes {
      node.answer(CurrentAccount.self) { _ in
        asked.append(node.name)
        return nil
      }.store(in: &bag)
    }
    #expect(nodes[0].request(CurrentAccount()) == nil)
    #expect(asked == nodes.map(\.name))
  }

  @Test(
    "An interceptor deep in a long chain stops the event there; a path around it reaches the nodes above, each once")
  func deepStopWithAPathAround() {
    // n0 → n1 → … → n29, and n0 → n25: a stop at n20 leaves n21…n24 unreached, and n25…
    // reached once, by the shortcut.
    let nodes = (0..<30).map { EventNode(name: "n\($0)") }
    for index in 1..<nodes.count { nodes[index - 1].addParent(nodes[index]) }
    nodes[0].addParent(nodes[25])
    let log = RouteLog()
    var bag = ObservationBag()
    let stop = nodes[20].intercept(RowDeleted.self) { _ in nil }
    for node in nodes {
      node.subscribe(to: RowDeleted.self) { _ in log.append(node.name) }.store(in: &bag)
    }
    // Breadth-first: n25 (a parent of n0) comes second, and n26… follow it before n2….
    let around = ["n0", "n1", "n25", "n2", "n26", "n3", "n27", "n4", "n28", "n5", "n29"]
    nodes[0].post(RowDeleted(row: 1))
    #expect(log.entries == around + (6..<20).map { "n\($0)" })
    // Without the stop, the chain reaches n25 again from n24: it is not visited twice.
    stop.invalidate()
    let before = log.entries.count
    nodes[0].post(RowDeleted(row: 2))
    #expect(Array(log.entries[before...]) == around + (6..<25).map { "n\($0)" })
  }
}
