import ObservationToken

/// Routing, as the README's Routing section shows it: first an `EventNode` with no parents,
/// a plain typed dispatcher any object can hold; then a screen that embeds two lists of
/// cells, where a row deletion travels cell → list → screen, is validated by one list and
/// rewritten by the other, and a request for the current account is answered at the top.
enum RoutingWalkthrough {
  // MARK: Any object can dispatch events

  /// A value that announces its changes. Each `Setting<Value>` has its own `Changed` type,
  /// so a subscriber to `Setting<Int>.Changed` never sees a `Setting<String>.Changed`.
  final class Setting<Value> {
    struct Changed: RoutedEvent {
      var oldValue: Value
      var newValue: Value
    }

    let events: EventNode
    var value: Value {
      didSet { events.post(Changed(oldValue: oldValue, newValue: value)) }
    }

    init(_ name: String, _ value: Value) {
      self.events = EventNode(name: name)
      self.value = value
    }
  }

  /// A control: one node, two event types.
  final class Button {
    struct Tapped: RoutedEvent {}
    struct Highlighted: RoutedEvent { var isOn: Bool }

    let events = EventNode(name: "Button")

    func press() {
      events.post(Highlighted(isOn: true))
      events.post(Tapped())
      events.post(Highlighted(isOn: false))
    }
  }

  // MARK: A chain of owners

  struct RowDeleted: RoutedEvent { var row: Int }
  struct CurrentAccount: RoutedRequest { typealias Response = String }

  final class RowCell {
    let events: EventNode
    let row: Int

    init(row: Int) {
      self.row = row
      self.events = EventNode(name: "RowCell \(row)")
    }

    @discardableResult
    func deleteTapped() -> Bool { events.post(RowDeleted(row: row)) }
  }

  final class ListController {
    let events: EventNode
    var bag = ObservationBag()
    /// Whose list this is when it is shared with the user; `nil` for the user's own.
    var sharedBy: String?

    init(name: String) {
      events = EventNode(name: name)
      // A nearer answer that declines: only a shared list knows better than the screen.
      events.answer(CurrentAccount.self) { [weak self] _ in self?.sharedBy }.store(in: &bag)
    }

    func add(_ cell: RowCell) { cell.events.addParent(events) }  // held weakly
  }

  final class ScreenController {
    let events = EventNode(name: "Screen")
    var bag = ObservationBag()
    let favorites = ListController(name: "Favorites")
    let recents = ListController(name: "Recents")
    private(set) var deleted: [Int] = []

    func deleteRow(_ event: RowDeleted) { deleted.append(event.row) }

    func start() {
      favorites.events.addParent(events)
      recents.events.addParent(events)
      events.subscribe(to: RowDeleted.self) { event in print("  screen closure: row \(event.row)") }.store(in: &bag)
      events.subscribe(to: RowDeleted.self, self, ScreenController.deleteRow).store(in: &bag)
      events.answer(CurrentAccount.self) { _ in "alice" }.store(in: &bag)
      // Validation: a negative row stops at the favorites list.
      favorites.events.intercept(RowDeleted.self) { event in event.row < 0 ? nil : event }.store(in: &bag)
      // Rewriting: recents shows rows 100 and up of the screen's data; a row of its own
      // becomes a global index for the list's subscribers and the screen.
      recents.events.intercept(RowDeleted.self) { event in RowDeleted(row: event.row + 100) }.store(in: &bag)
    }

    private(set) var undoOffers: [Int] = []
    func offerUndo(for row: Int) { undoOffers.append(row) }

    /// Offers to undo the first deletion only.
    func offerUndoOnce() {
      events.subscribeOnce(to: RowDeleted.self) { [weak self] event in
        self?.offerUndo(for: event.row)
      }.store(in: &bag)
    }
  }

  /// A component that announces swipes as a plain event.
  final class SwipeGesture {
    private let swipedSender = EventSender<Int>(name: "SwipeGesture.swiped")
    var swiped: Event<Int> { swipedSender.event }
    func swipe(row: Int) { swipedSender.send(row) }
  }

  static func run() {
    page("Routing: any object can dispatch events")
    dispatchers()
    page("Routing: a cell → list → screen chain")
    chain()
  }

  /// Nodes with no parents: typed, per-object dispatch.
  private static func dispatchers() {
    var bag = ObservationBag()
    let volume = Setting("Volume", 5)
    let theme = Setting("Theme", "light")
    var volumes: [String] = []
    var themes: [String] = []
    volume.events.subscribe(to: Setting<Int>.Changed.self) { change in
      volumes.append("\(change.oldValue) → \(change.newValue)")
    }.store(in: &bag)
    theme.events.subscribe(to: Setting<String>.Changed.self) { change in
      themes.append("\(change.oldValue) → \(change.newValue)")
    }.store(in: &bag)
    // Subscribed on the volume's node, but to the other type: never called.
    volume.events.subscribe(to: Setting<String>.Changed.self) { _ in themes.append("wrong node") }.store(in: &bag)
    volume.value = 7
    theme.value = "dark"
    print("volume changes: \(volumes), theme changes: \(themes)")
    check(volumes == ["5 → 7"] && themes == ["light → dark"], "each subscriber to see only its own type")
    // Descriptions name each type with its enclosing types and generic arguments.
    print(volume.events.debugDescription)

    let button = Button()
    var log: [String] = []
    button.events.subscribe(to: Button.Tapped.self) { _ in log.append("tapped") }.store(in: &bag)
    button.events.subscribe(to: Button.Highlighted.self) { log.append("highlighted \($0.isOn)") }.store(in: &bag)
    button.press()
    print("button: \(log)")
    check(log == ["highlighted true", "tapped", "highlighted false"], "both types, in post order")
    print(button.events.debugDescription)

    bag.removeAll()
    let heard = button.events.post(Button.Tapped())
    print("post with nobody subscribed — received:", heard)
    check(!heard, "post to return false when no subscriber received the event")
  }

  private static func chain() {
    let screen = ScreenController()
    screen.start()
    screen.offerUndoOnce()
    let starred = RowCell(row: 3)
    screen.favorites.add(starred)
    let recent = RowCell(row: 2)
    screen.recents.add(recent)

    print("a favorite row deleted:")
    check(starred.deleteTapped(), "the screen to receive the deletion")
    print("a recent row deleted (a local row, rewritten to a global index):")
    recent.deleteTapped()
    check(screen.deleted == [3, 102], "the favorite as is, the recent one rewritten by its list")
    check(screen.undoOffers == [3], "the one-shot subscription to hear the first deletion only")
    let invalid = RowCell(row: -1)
    screen.favorites.add(invalid)
    let reached = invalid.deleteTapped()
    print("an invalid row deleted — received:", reached)
    check(!reached && screen.deleted == [3, 102], "the favorites list to stop a negative row")

    // Requests: the nearest answer that gives a response settles it.
    let account: String? = recent.events.request(CurrentAccount())
    screen.recents.sharedBy = "bob"
    let shared = recent.events.request(CurrentAccount())
    print("current account: \(account ?? "nil"); once recents is shared: \(shared ?? "nil")")
    check(account == "alice" && shared == "bob", "the list to decline with nil, then to answer")
    check(EventNode(name: "Alone").request(CurrentAccount()) == nil, "an unanswered request to give nil")
    screen.recents.sharedBy = nil

    // Traces: which nodes a post reached, what their interceptors did, where it was received.
    print(recent.events.tracePost(RowDeleted(row: 4)))
    print(invalid.events.tracePost(RowDeleted(row: -1)))
    print(screen.favorites.events.debugDescription)
    print(screen.events.debugDescription)

    // Several parents: each node is reached once, nearest first, with the value of the
    // first path to reach it.
    let pinned = RowCell(row: 5)
    screen.favorites.add(pinned)
    screen.recents.add(pinned)
    let pinnedTrace = pinned.events.tracePost(RowDeleted(row: 5))
    print(pinnedTrace)
    check(pinnedTrace.steps.map(\.node) == ["RowCell 5", "Favorites", "Recents", "Screen"], "each node once")
    check(screen.deleted.last == 5, "the screen reached through the favorites list, added first")

    // Misuse is harmless, and reported.
    check(!pinned.events.addParent(pinned.events), "adding a node as its own parent to return false")
    check(!pinned.events.addParent(screen.favorites.events), "adding a parent twice to return false")
    check(pinned.events.removeParent(screen.recents.events), "removing a parent to return true")
    check(!pinned.events.removeParent(screen.recents.events), "removing it again to return false")
    // A cycle: the screen made a parent of the cell; every node is still reached once.
    print("a cycle (the screen made a parent of a favorite cell): one call at the screen")
    screen.events.addParent(starred.events)
    var screenCalls = 0
    let counting = screen.events.subscribe(to: RowDeleted.self) { _ in screenCalls += 1 }
    starred.deleteTapped()
    check(screenCalls == 1, "a cycle of parents not to loop")
    counting.invalidate()
    screen.events.removeParent(starred.events)

    // A parent added by a handler during a post is reached from the next post on.
    let archive = EventNode(name: "Archive")
    var archived: [Int] = []
    archive.subscribe(to: RowDeleted.self) { archived.append($0.row) }.store(in: &screen.bag)
    let adding = starred.events.subscribe(to: RowDeleted.self) { _ in starred.events.addParent(archive) }
    print("a parent added by a handler during a post: reached from the next post on")
    starred.deleteTapped()
    check(archived.isEmpty, "a parent added during a post not to be reached by it")
    starred.deleteTapped()
    print("  archive received: \(archived)")
    check(archived == [3], "the next post to reach it")
    adding.invalidate()
    starred.events.removeParent(archive)
    // What a handler adds to a node the post has not reached yet counts at once: the
    // post reads each node's registrations and parents when it gets there.
    var late: [Int] = []
    var lateToken: ObservationToken?
    let early = starred.events.subscribe(to: RowDeleted.self) { _ in
      lateToken = screen.events.subscribe(to: RowDeleted.self) { late.append($0.row) }
    }
    starred.deleteTapped()
    print("  a screen subscription made by the cell's handler during the post received: \(late)")
    check(late == [3], "a subscription on a node not yet reached to receive the post")
    early.invalidate()
    lateToken?.invalidate()

    // Event.forward: a plain event enters the chain as a routed one.
    let gesture = SwipeGesture()
    var bag = ObservationBag()
    gesture.swiped.forward(to: recent.events) { row in RowDeleted(row: row) }.store(in: &bag)
    print("a swipe on a recent row, forwarded into its cell's node:")
    gesture.swipe(row: 7)
    check(screen.deleted.last == 107, "the forwarded event to travel the chain, rewritten by recents")

    // Parents are held weakly: a released list drops out of every chain.
    let orphan = RowCell(row: 9)
    let listToken: ObservationToken
    do {
      let drafts = ListController(name: "Drafts")
      drafts.events.addParent(screen.events)
      drafts.add(orphan)
      listToken = drafts.events.subscribe(to: RowDeleted.self) { _ in }
      print("a cell of a drafts list that is about to be released:")
      check(orphan.deleteTapped() && screen.deleted.last == 9, "the screen reached through the drafts list")
    }
    print(
      "drafts list released: cell's parents \(orphan.events.parents.map(\.name)), list token valid: \(listToken.isValid)"
    )
    check(orphan.events.parents.isEmpty && !listToken.isValid, "the released list to drop out, its tokens invalid")
    check(!orphan.deleteTapped(), "nothing above the cell any more")
  }
}
