import ObservationToken
import Testing

@Suite("Routing requests")
struct RequestTests {
  @Test("A request is answered by the node itself first, then by the nearest node above with an answer")
  func nearestAnswer() {
    let chain = Chain()
    var bag = ObservationBag()
    chain.screen.answer(CurrentAccount.self) { _ in "screen" }.store(in: &bag)
    #expect(chain.cell.request(CurrentAccount()) == "screen")
    chain.list.answer(CurrentAccount.self) { _ in "list" }.store(in: &bag)
    #expect(chain.cell.request(CurrentAccount()) == "list")
    chain.cell.answer(CurrentAccount.self) { _ in "cell" }.store(in: &bag)
    #expect(chain.cell.request(CurrentAccount()) == "cell")
    #expect(chain.screen.request(CurrentAccount()) == "screen")
  }

  @Test("An answer returning nil declines: the node's other answers in registration order, then the nodes above")
  func declining() {
    let chain = Chain()
    let log = RouteLog()
    var bag = ObservationBag()
    chain.list.answer(CurrentAccount.self) { _ in
      log.append("list 1"); return nil
    }.store(in: &bag)
    chain.list.answer(CurrentAccount.self) { _ in
      log.append("list 2"); return nil
    }.store(in: &bag)
    chain.screen.answer(CurrentAccount.self) { _ in
      log.append("screen 1"); return "alice"
    }.store(in: &bag)
    chain.screen.answer(CurrentAccount.self) { _ in
      log.append("screen 2"); return "bob"
    }.store(in: &bag)
    #expect(chain.cell.request(CurrentAccount()) == "alice")
    #expect(log.entries == ["list 1", "list 2", "screen 1"])
  }

  @Test("A request nobody answers returns nil, asking every node at most once even around a cycle")
  func unanswered() {
    let chain = Chain()
    chain.screen.addParent(chain.cell)
    var asked = 0
    var bag = ObservationBag()
    for node in [chain.cell, chain.list, chain.screen] {
      node.answer(CurrentAccount.self) { _ in
        asked += 1; return nil
      }.store(in: &bag)
    }
    #expect(chain.cell.request(CurrentAccount()) == nil)
    #expect(asked == 3)
    #expect(EventNode(name: "Alone").request(CurrentAccount()) == nil)
  }
}
