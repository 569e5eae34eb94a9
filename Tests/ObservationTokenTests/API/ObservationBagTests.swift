import ObservationToken
import Testing

@Suite("ObservationBag")
struct ObservationBagTests {
  @Test("A new bag is empty")
  func newBagIsEmpty() {
    let bag = ObservationBag()
    #expect(bag.isEmpty)
    #expect(bag.count == 0)
  }

  @Test("store(in:) and insert(_:) add tokens")
  func storeAndInsertAddTokens() {
    let document = Document()
    var bag = ObservationBag()
    document.observe(\.title) { _, _ in }.store(in: &bag)
    #expect(bag.count == 1)
    #expect(!bag.isEmpty)
    bag.insert(document.observe(\.isFavorite) { _, _ in })
    #expect(bag.count == 2)
  }

  @Test("A bag keeps its tokens' observations alive")
  func bagKeepsObservationsAlive() {
    let document = Document()
    var calls = 0
    var bag = ObservationBag()
    document.observe(\.title) { _, _ in calls += 1 }.store(in: &bag)
    document.observe(\.displayTitle) { _, _ in calls += 1 }.store(in: &bag)
    document.title = "Draft"
    #expect(calls == 2)
  }

  @Test("removeAll() invalidates every token and empties the bag")
  func removeAllInvalidatesEverything() {
    let document = Document()
    let cell = DocumentCell(document: document)
    var calls = 0
    var bag = ObservationBag()
    let tokens = [
      document.observe(\.title) { _, _ in calls += 1 },
      document.observe(\.displayTitle) { _, _ in calls += 1 },
      cell.observe(\.document?.title) { _, _ in calls += 1 },
    ]
    for token in tokens { token.store(in: &bag) }
    bag.removeAll()
    #expect(bag.isEmpty)
    #expect(bag.count == 0)
    // invalidated even though `tokens` still references them
    #expect(tokens.allSatisfy { !$0.isValid })
    document.title = "Draft"
    #expect(calls == 0)
  }

  @Test("A bag can be filled again after removeAll()")
  func reuseAfterRemoveAll() {
    let document = Document()
    var calls = 0
    var bag = ObservationBag()
    document.observe(\.title) { _, _ in calls += 1 }.store(in: &bag)
    bag.removeAll()
    document.observe(\.title) { _, _ in calls += 10 }.store(in: &bag)
    document.title = "Draft"
    #expect(calls == 10)
    #expect(bag.count == 1)
  }

  @Test("Releasing the bag invalidates its tokens")
  func releasingBagInvalidatesTokens() {
    let document = Document()
    var calls = 0
    weak var weakToken: ObservationToken?
    do {
      var bag = ObservationBag()
      let token = document.observe(\.title) { _, _ in calls += 1 }
      weakToken = token
      token.store(in: &bag)
      document.observe(\.displayTitle) { _, _ in calls += 1 }.store(in: &bag)
      document.title = "Draft"
      #expect(calls == 2)
    }
    #expect(weakToken == nil)
    document.title = "Final"
    #expect(calls == 2)
  }

  @Test("Releasing the bag leaves alone a token referenced elsewhere")
  func releasingBagKeepsTokenReferencedElsewhere() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    do {
      var bag = ObservationBag()
      token.store(in: &bag)
      #expect(bag.count == 1)
    }
    #expect(token.isValid)
    document.title = "Draft"
    #expect(calls == 1)
  }
}
