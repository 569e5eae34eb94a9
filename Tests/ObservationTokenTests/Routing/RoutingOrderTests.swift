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

  @Test("At each node interceptors run in registration order, then subscribers in subscription order, then parents in the order added")
  func orderWithinAndAcrossNodes() {
    let chain = Chain()
    let other = EventNode(name: "Other parent")
    chain.cell.addParent(other)
    let log = RouteLog()
    var bag = ObservationBag()
    for node in [chain.screen, other, chain.list, chain.cell] {
      node.subscribe(to: RowDeleted.self) { _ in log.append("\(node.name) subscriber 1") }.store(in: &bag)
      node.intercept(RowDeleted.self) { log.append("\(node.name) interceptor 1"); return $0 }.store(in: &bag)
      node.subscribe(to: RowDeleted.self) { _ in log.append("\(node.name) subscriber 2") }.store(in: &bag)
      node.intercept(RowDeleted.self) { log.append("\(node.name) interceptor 2"); return $0 }.store(in: &bag)
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
}
