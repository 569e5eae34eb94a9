import ObservationToken
import Testing

@Suite("Routing descriptions and traces")
struct RoutingDescriptionTests {
  @Test("debugDescription names the node, its parents, and its live registrations by type with where they were made")
  func description() {
    let chain = Chain()
    let target = ScreenTarget()
    let line = #line + 1
    let interceptor = chain.list.intercept(RowDeleted.self) { $0 }
    let subscriber = chain.list.subscribe(to: RowDeleted.self) { _ in }
    chain.list.subscribe(to: RowDeleted.self, target, ScreenTarget.deleteRow).store(in: &target.bag)
    let answer = chain.list.answer(CurrentAccount.self) { _ in nil }
    let file = "ObservationTokenTests/RoutingDescriptionTests.swift"
    #expect(
      chain.list.debugDescription == """
        EventNode List, parents: Screen
          CurrentAccount: 1 answer
            answer at \(file):\(line + 3)
          RowDeleted: 1 interceptor, 2 subscriptions
            interceptor at \(file):\(line)
            closure at \(file):\(line + 1)
            target–action on ScreenTarget at \(file):\(line + 2)
        """
    )
    #expect(chain.screen.debugDescription == "EventNode Screen, no parents")
    #expect(
      subscriber.debugDescription == "ObservationToken(RowDeleted on List: closure at \(file):\(line + 1), valid)")
    withExtendedLifetime((interceptor, subscriber, answer)) {}
  }

  @Test(
    "tracePost shows the route one post took: the nodes, which interceptor changed or stopped it, where it was received"
  )
  func trace() {
    let diamond = Diamond()
    var bag = ObservationBag()
    let line = #line + 1
    diamond.first.intercept(RowDeleted.self) { RowDeleted(row: $0.row + 1) }.store(in: &bag)
    diamond.second.intercept(RowDeleted.self) { _ in nil }.store(in: &bag)
    diamond.screen.subscribe(to: RowDeleted.self) { _ in }.store(in: &bag)
    let trace = diamond.cell.tracePost(RowDeleted(row: 1))
    let file = "ObservationTokenTests/RoutingDescriptionTests.swift"
    #expect(trace.wasReceived)
    #expect(trace.steps.map(\.node) == ["RowCell", "First list", "Second list", "Screen"])
    #expect(trace.steps.map(\.wasStopped) == [false, false, true, false])
    #expect(
      trace.description == """
        RowDeleted(row: 1) from RowCell, received:
          RowCell
          First list: changed by interceptor at \(file):\(line) to RowDeleted(row: 2)
          Second list: stopped by interceptor at \(file):\(line + 1)
          Screen: received
        """
    )
  }

  @Test("Descriptions name a nested or generic routed type with its enclosing types and arguments")
  func nestedTypeNames() {
    let node = EventNode(name: "Settings")
    var bag = ObservationBag()
    let line = #line + 1
    node.subscribe(to: Setting<Int>.Changed.self) { _ in }.store(in: &bag)
    node.subscribe(to: Setting<[String]>.Changed.self) { _ in }.store(in: &bag)
    let file = "ObservationTokenTests/RoutingDescriptionTests.swift"
    #expect(
      node.debugDescription == """
        EventNode Settings, no parents
          Setting<Array<String>>.Changed: 1 subscription
            closure at \(file):\(line + 1)
          Setting<Int>.Changed: 1 subscription
            closure at \(file):\(line)
        """
    )
  }
}
