import ObservationToken
import Testing

@Suite("Routing parents")
struct ParentTests {
  @Test("Parents are held weakly: a released parent drops out of the chain")
  func releasedParentDropsOut() {
    let cell = EventNode(name: "RowCell")
    weak var weakList: EventNode?
    var log: [String] = []
    var token: ObservationToken?
    do {
      let list = EventNode(name: "List")
      weakList = list
      cell.addParent(list)
      token = list.subscribe(to: RowDeleted.self) { log.append("list \($0.row)") }
      cell.post(RowDeleted(row: 1))
    }
    #expect(weakList == nil)
    #expect(token?.isValid == false)
    #expect(cell.parents.isEmpty)
    #expect(!cell.post(RowDeleted(row: 2)))
    #expect(log == ["list 1"])
  }

  @Test(
    "A parent released during a post is freed at once and not reached by the rest of it, nor are the nodes only it led to"
  )
  func parentReleasedDuringAPost() {
    let cell = EventNode(name: "RowCell")
    let screen = EventNode(name: "Screen")
    var list: EventNode? = EventNode(name: "List")
    weak let weakList = list
    cell.addParent(list!)
    list!.addParent(screen)
    let log = RouteLog()
    var bag = ObservationBag()
    var listToken: ObservationToken? = list!.subscribe(to: RowDeleted.self) { log.append("list \($0.row)") }
    screen.subscribe(to: RowDeleted.self) { log.append("screen \($0.row)") }.store(in: &bag)
    cell.subscribe(to: RowDeleted.self) { event in
      guard event.row == 1 else { return }
      list = nil  // the list's last owner lets go while the post is at the cell
      log.append("released: \(weakList == nil), token valid: \(listToken?.isValid == true)")
    }.store(in: &bag)
    #expect(cell.post(RowDeleted(row: 1)))
    #expect(log.entries == ["released: true, token valid: false"])
    cell.post(RowDeleted(row: 2))
    #expect(log.entries.count == 1)
    #expect(cell.parents.isEmpty)
    listToken = nil
  }

  @Test(
    "A node whose last owner lets go during its own post lives until the post returns, and its parents are still reached"
  )
  func originReleasedDuringItsOwnPost() {
    var cell: EventNode? = EventNode(name: "RowCell")
    weak let weakCell = cell
    let list = EventNode(name: "List")
    cell!.addParent(list)
    let log = RouteLog()
    var bag = ObservationBag()
    cell!.subscribe(to: RowDeleted.self) { _ in
      cell = nil  // the post's origin loses its last owner; the walk does not retain it
      log.append("cell")
    }.store(in: &bag)
    list.subscribe(to: RowDeleted.self) { _ in log.append("list, cell alive: \(weakCell != nil)") }.store(in: &bag)
    #expect(cell!.post(RowDeleted(row: 1)))
    #expect(log.entries == ["cell", "list, cell alive: true"])
    #expect(weakCell == nil)
  }

  @Test("Adding a node as its own parent, or the same parent twice, is harmless and reported")
  func harmlessMisuse() {
    let chain = Chain()
    #expect(!chain.cell.addParent(chain.cell))
    #expect(!chain.cell.addParent(chain.list))
    #expect(chain.cell.parents.map(\.name) == ["List"])
    var calls = 0
    let token = chain.list.subscribe(to: RowDeleted.self) { _ in calls += 1 }
    chain.cell.post(RowDeleted(row: 1))
    #expect(calls == 1)
    withExtendedLifetime(token) {}
  }

  @Test("Removing a parent takes it out of the route; removing one that is not a parent is harmless and reported")
  func removingParents() {
    let chain = Chain()
    var calls = 0
    let token = chain.screen.subscribe(to: RowDeleted.self) { _ in calls += 1 }
    #expect(chain.list.removeParent(chain.screen))
    #expect(!chain.list.removeParent(chain.screen))
    #expect(!chain.cell.post(RowDeleted(row: 1)))
    #expect(calls == 0)
    withExtendedLifetime(token) {}
  }

  @Test("Releasing a node ends its registrations: their tokens become invalid and their handlers are released")
  func releasingANode() {
    var node: EventNode? = EventNode(name: "List")
    weak var weakTarget: ScreenTarget?
    let tokens: [ObservationToken]
    do {
      let target = ScreenTarget()
      weakTarget = target
      tokens = [
        node!.subscribe(to: RowDeleted.self) { _ in withExtendedLifetime(target) {} },
        node!.intercept(RowDeleted.self) { $0 },
        node!.answer(CurrentAccount.self) { _ in "alice" },
      ]
    }
    #expect(tokens.allSatisfy { $0.isValid })
    node = nil
    #expect(tokens.allSatisfy { !$0.isValid })
    #expect(weakTarget == nil)
  }

  @Test("A handler may subscribe, end subscriptions, post, and add or remove parents without deadlock")
  func reentrancy() {
    let chain = Chain()
    let extra = EventNode(name: "Extra")
    let log = RouteLog()
    var bag = ObservationBag()
    var inner: ObservationToken?
    chain.list.subscribe(to: RowDeleted.self) { event in
      guard event.row == 1 else { return }
      inner = chain.screen.subscribe(to: RowSelected.self) { log.append("selected \($0.row)") }
      chain.cell.post(RowSelected(row: 5))
      inner?.invalidate()
      chain.list.addParent(extra)
      chain.list.removeParent(chain.screen)
      log.append("list \(event.row)")
    }.store(in: &bag)
    extra.subscribe(to: RowDeleted.self) { log.append("extra \($0.row)") }.store(in: &bag)
    chain.cell.post(RowDeleted(row: 1))
    chain.cell.post(RowDeleted(row: 2))
    // A post reads a node's parents when it reaches the node: the parent the list's
    // handler adds is reached from the next post on, as a subscription made during a send
    // waits for the next send.
    #expect(log.entries == ["selected 5", "list 1", "extra 2"])
  }
}
