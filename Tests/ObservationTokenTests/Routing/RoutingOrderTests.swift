import Foundation
import ObservationToken
import Testing

@Suite("Routing order")
struct RoutingOrderTests {
  @Test("A node with no parents is a per-object typed dispatcher: a subscriber to one type never sees another")
  func typedDispatcher() {
    let node = EventNode(name: "Button")
    let log = RouteLog()
    var bag = ObservationBag()
    node.subscribe(to: RowDeleted.self) { log.append("deleted \($0.row)") }.store(in: &bag)
    node.subscribe(to: RowSelected.self) { log.append("selected \($0.row)") }.store(in: &bag)
    #expect(node.post(RowDeleted(row: 1)))
    #expect(node.post(RowSelected(row: 2)))
    #expect(!node.post(Tapped()))
    #expect(log.entries == ["deleted 1", "selected 2"])
  }

  @Test(
    "At each node interceptors run in registration order, then subscribers in subscription order, then parents in the order added"
  )
  func orderWithinAndAcrossNodes() {
    let chain = Chain()
    let other = EventNode(name: "Other parent")
    chain.cell.addParent(other)
    let log = RouteLog()
    var bag = ObservationBag()
    for node in [chain.screen, other, chain.list, chain.cell] {
      node.subscribe(to: RowDeleted.self) { _ in log.append("\(node.name) subscriber 1") }.store(in: &bag)
      node.intercept(RowDeleted.self) {
        log.append("\(node.name) interceptor 1"); return $0
      }.store(in: &bag)
      node.subscribe(to: RowDeleted.self) { _ in log.append("\(node.name) subscriber 2") }.store(in: &bag)
      node.intercept(RowDeleted.self) {
        log.append("\(node.name) interceptor 2"); return $0
      }.store(in: &bag)
    }
    chain.cell.post(RowDeleted(row: 1))
    let expected = ["RowCell", "List", "Other parent", "Screen"].flatMap { name in
      ["interceptor 1", "interceptor 2", "subscriber 1", "subscriber 2"].map { "\(name) \($0)" }
    }
    #expect(log.entries == expected)
  }

  @Test("Nearest first over forks and joins: every node at most once per post")
  func nearestFirstOverForksAndJoins() {
    let diamond = Diamond()
    let log = RouteLog()
    var bag = ObservationBag()
    for node in [diamond.screen, diamond.second, diamond.first, diamond.cell] {
      node.subscribe(to: RowDeleted.self) { _ in log.append(node.name) }.store(in: &bag)
    }
    #expect(diamond.cell.post(RowDeleted(row: 1)))
    #expect(log.entries == ["RowCell", "First list", "Second list", "Screen"])
  }

  @Test("Cycles of parents never loop")
  func cyclesNeverLoop() {
    let chain = Chain()
    chain.screen.addParent(chain.cell)
    let log = RouteLog()
    var bag = ObservationBag()
    for node in [chain.cell, chain.list, chain.screen] {
      node.subscribe(to: RowDeleted.self) { _ in log.append(node.name) }.store(in: &bag)
    }
    chain.list.post(RowDeleted(row: 1))
    #expect(log.entries == ["List", "Screen", "RowCell"])
  }

  @Test("Delivery is synchronous on the posting thread")
  func synchronousOnPostingThread() {
    let chain = Chain()
    let postingThread = Thread.current
    var received = false
    let token = chain.screen.subscribe(to: RowDeleted.self) { _ in
      #expect(Thread.current == postingThread)
      received = true
    }
    chain.cell.post(RowDeleted(row: 1))
    #expect(received)
    withExtendedLifetime(token) {}
  }

  @Test("post returns false when nobody listens anywhere on the route, true when a subscriber received it")
  func postResult() {
    let chain = Chain()
    #expect(!chain.cell.post(RowDeleted(row: 1)))
    let interceptor = chain.list.intercept(RowDeleted.self) { $0 }
    #expect(!chain.cell.post(RowDeleted(row: 1)))  // an interceptor is not a receiver
    let token = chain.screen.subscribe(to: RowDeleted.self) { _ in }
    #expect(chain.cell.post(RowDeleted(row: 1)))
    token.invalidate()
    #expect(!chain.cell.post(RowDeleted(row: 1)))
    withExtendedLifetime(interceptor) {}
  }

  @Test("A type first subscribed to after posts of it were unheard is heard from then on")
  func typeSubscribedLater() {
    struct Announced: RoutedEvent {}
    let chain = Chain()
    #expect(!chain.cell.post(Announced()))
    let token = chain.screen.subscribe(to: Announced.self) { _ in }
    #expect(chain.cell.post(Announced()))
    withExtendedLifetime(token) {}
  }

  @Test(
    "Long chains and wide forks reach every node once, nearest first", arguments: [1, 7, 8, 9, 15, 16, 17, 40, 100])
  func longChainsAndWideForks(size: Int) {
    let log = RouteLog()
    var bag = ObservationBag()
    // A chain of `size` nodes above the bottom, each also the parent of a shortcut from
    // the bottom: every node is reachable by two paths.
    let bottom = EventNode(name: "bottom")
    let chain = (0..<size).map { EventNode(name: "n\($0)") }
    bottom.addParent(chain[0])
    for index in 1..<max(size, 1) where index < size { chain[index - 1].addParent(chain[index]) }
    for node in chain.reversed() { bottom.addParent(node) }
    for node in [bottom] + chain {
      node.subscribe(to: RowDeleted.self) { _ in log.append(node.name) }.store(in: &bag)
    }
    bottom.post(RowDeleted(row: 1))
    // Breadth-first: the bottom, then its parents in the order added (n0, then the
    // shortcuts from the top down), each once.
    let expected = ["bottom", "n0"] + chain.dropFirst().reversed().map(\.name)
    #expect(log.entries == expected)
  }
}
