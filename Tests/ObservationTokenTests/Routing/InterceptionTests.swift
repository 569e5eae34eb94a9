import ObservationToken
import Testing

@Suite("Routing interceptors")
struct InterceptionTests {
  @Test("An interceptor returning nil stops the event at its node: neither its subscribers nor the nodes above see it")
  func nilStops() {
    let chain = Chain()
    let log = RouteLog()
    var bag = ObservationBag()
    chain.list.intercept(RowDeleted.self) { $0.row < 0 ? nil : $0 }.store(in: &bag)
    chain.list.intercept(RowDeleted.self) {
      log.append("second interceptor \($0.row)"); return $0
    }.store(in: &bag)
    chain.list.subscribe(to: RowDeleted.self) { log.append("list \($0.row)") }.store(in: &bag)
    chain.screen.subscribe(to: RowDeleted.self) { log.append("screen \($0.row)") }.store(in: &bag)
    #expect(!chain.cell.post(RowDeleted(row: -1)))
    #expect(chain.cell.post(RowDeleted(row: 2)))
    #expect(log.entries == ["second interceptor 2", "list 2", "screen 2"])
  }

  @Test("A changed event is what that node and the nodes above it on that path see; another path sees the original")
  func changeFollowsItsPath() {
    let diamond = Diamond()
    let log = RouteLog()
    var bag = ObservationBag()
    diamond.first.intercept(RowDeleted.self) { RowDeleted(row: $0.row + 100) }.store(in: &bag)
    diamond.cell.subscribe(to: RowDeleted.self) { log.append("cell \($0.row)") }.store(in: &bag)
    diamond.first.subscribe(to: RowDeleted.self) { log.append("first \($0.row)") }.store(in: &bag)
    diamond.second.subscribe(to: RowDeleted.self) { log.append("second \($0.row)") }.store(in: &bag)
    diamond.screen.subscribe(to: RowDeleted.self) { log.append("screen \($0.row)") }.store(in: &bag)
    diamond.cell.post(RowDeleted(row: 1))
    // The screen is reached first through the first list, which it was added to first.
    #expect(log.entries == ["cell 1", "first 101", "second 1", "screen 101"])
  }

  @Test("A stop on one path leaves the other paths going")
  func stopOnOnePath() {
    let diamond = Diamond()
    let log = RouteLog()
    var bag = ObservationBag()
    diamond.first.intercept(RowDeleted.self) { _ in nil }.store(in: &bag)
    diamond.screen.subscribe(to: RowDeleted.self) { log.append("screen \($0.row)") }.store(in: &bag)
    #expect(diamond.cell.post(RowDeleted(row: 1)))
    #expect(log.entries == ["screen 1"])
  }

  @Test("An invalidated interceptor no longer runs")
  func invalidatedInterceptor() {
    let node = EventNode(name: "List")
    var calls = 0
    let token = node.intercept(RowDeleted.self) { _ in
      calls += 1; return nil
    }
    let subscriber = node.subscribe(to: RowDeleted.self) { _ in }
    #expect(!node.post(RowDeleted(row: 1)))
    token.invalidate()
    #expect(node.post(RowDeleted(row: 1)))
    #expect(calls == 1)
    withExtendedLifetime(subscriber) {}
  }

  @Test(
    "A stop or a change at a node with many parents applies to all of them; a stop leaves them to other paths",
    arguments: [3, 12, 20, 40]
  )
  func manyParents(count: Int) {
    // bottom → gate (stops) → parents; bottom → rewriter (adds 100) → the same parents.
    let bottom = EventNode(name: "bottom")
    let gate = EventNode(name: "gate")
    let rewriter = EventNode(name: "rewriter")
    bottom.addParent(gate)
    bottom.addParent(rewriter)
    let parents = (0..<count).map { EventNode(name: "p\($0)") }
    for parent in parents {
      gate.addParent(parent)
      rewriter.addParent(parent)
    }
    let log = RouteLog()
    var bag = ObservationBag()
    gate.intercept(RowDeleted.self) { _ in nil }.store(in: &bag)
    rewriter.intercept(RowDeleted.self) { RowDeleted(row: $0.row + 100) }.store(in: &bag)
    for parent in parents {
      parent.subscribe(to: RowDeleted.self) { log.append("\(parent.name) \($0.row)") }.store(in: &bag)
    }
    bottom.post(RowDeleted(row: 1))
    #expect(log.entries == parents.map { "\($0.name) 101" })
  }

  @Test("Requests are not intercepted: an interceptor of the same type never sees a request, nor stops it")
  func requestsAreNotIntercepted() {
    let chain = Chain()
    var bag = ObservationBag()
    var intercepted = 0
    chain.list.intercept(AccountQuery.self) { _ in
      intercepted += 1
      return nil
    }.store(in: &bag)
    chain.screen.answer(AccountQuery.self) { _ in "alice" }.store(in: &bag)
    #expect(chain.cell.request(AccountQuery()) == "alice")
    #expect(intercepted == 0)
    chain.cell.post(AccountQuery())
    #expect(intercepted == 1)
  }
}

/// A type that is both posted and asked, to show that only posts are intercepted.
private struct AccountQuery: RoutedEvent, RoutedRequest { typealias Response = String }
