import Foundation
import ObservationToken
import Testing

@Suite("Routing target–action and forwarding")
struct RoutingTargetActionTests {
  @Test("Target–action on a node: with the event or without it, holding the target weakly")
  func targetAction() {
    let chain = Chain()
    var target: ScreenTarget? = ScreenTarget()
    chain.screen.subscribe(to: RowDeleted.self, target!, ScreenTarget.deleteRow).store(in: &target!.bag)
    chain.screen.subscribe(to: Tapped.self, target!, ScreenTarget.tapped).store(in: &target!.bag)
    chain.cell.post(RowDeleted(row: 4))
    chain.cell.post(Tapped())
    #expect(target?.deleted == [4])
    #expect(target?.taps == 1)
    weak let weakTarget = target
    target = nil
    #expect(weakTarget == nil)
    #expect(!chain.cell.post(RowDeleted(row: 5)))
  }

  @Test("Event.forward posts a routed event on the node each time the event is sent")
  func forward() {
    let downloader = Downloader()
    let chain = Chain()
    var rows: [Int] = []
    var bag = ObservationBag()
    chain.screen.subscribe(to: RowDeleted.self) { rows.append($0.row) }.store(in: &bag)
    downloader.finished.forward(to: chain.cell) { url in RowDeleted(row: url.pathComponents.count) }.store(in: &bag)
    downloader.complete(exampleURL)
    #expect(rows == [2])
    #expect(downloader.finished.debugDescription.contains("\n  forwarded to EventNode at "))
  }

  @Test("A forwarding ends when its node is released")
  func forwardEndsWithNode() {
    let downloader = Downloader()
    var node: EventNode? = EventNode(name: "Cell")
    let token = downloader.finished.forward(to: node!) { _ in Tapped() }
    #expect(token.isValid)
    node = nil
    #expect(!token.isValid)
    downloader.complete(exampleURL)
  }
}
