import ObservationToken
import Testing

/// `onChange(of:initial:_:)`: the old and new values, never optional where the value is not.
@Suite("onChange hands over old and new values")
struct OnChangeTests {
  @Test("Each setting passes the old and the new value")
  func settingPassesOldAndNew() {
    let document = Document()
    var calls: [String] = []
    let token = document.onChange(of: \.title) { oldTitle, newTitle in calls.append("\(oldTitle) → \(newTitle)") }
    document.title = "Draft"
    document.title = "Final"
    #expect(calls == ["Untitled → Draft", "Draft → Final"])
    withExtendedLifetime(token) {}
  }

  @Test("With initial, it runs once at once with the current value as both; without, not until a change")
  func initialCall() {
    let document = Document(title: "Draft")
    var withInitial: [String] = []
    var withoutInitial: [String] = []
    let first = document.onChange(of: \.title, initial: true) { withInitial.append("\($0) → \($1)") }
    let second = document.onChange(of: \.title) { withoutInitial.append("\($0) → \($1)") }
    #expect(withInitial == ["Draft → Draft"])
    #expect(withoutInitial.isEmpty)
    document.title = "Final"
    #expect(withInitial == ["Draft → Draft", "Draft → Final"])
    #expect(withoutInitial == ["Draft → Final"])
    withExtendedLifetime((first, second)) {}
  }

  @Test("An edit through the projection passes the whole collection before and after")
  func projectionEditPassesWholeValues() {
    let document = Document(tags: ["a"])
    var calls: [[[String]]] = []
    let token = document.onChange(of: \.tags) { calls.append([$0, $1]) }
    document.$tags.append("b")
    document.tags = ["c"]
    document.$tags.remove(at: 0)
    #expect(calls == [[["a"], ["a", "b"]], [["a", "b"], ["c"]], [["c"], []]])
    withExtendedLifetime(token) {}
  }

  @Test("A chain through an optional passes its optional values; a derived value follows what it reads")
  func chainsAndDerivedValues() {
    let cell = DocumentCell()
    let document = Document(title: "Draft")
    var chained: [String?] = []
    var derived: [String] = []
    let chain = cell.onChange(of: \.document?.title) { _, newTitle in chained.append(newTitle) }
    let display = document.onChange(of: \.displayTitle) { _, newTitle in derived.append(newTitle) }
    cell.document = document
    document.isFavorite = true
    #expect(chained == ["Draft"])
    #expect(derived == ["★ Draft"])
    withExtendedLifetime((chain, display)) {}
  }

  @Test("An edit reached through a chain passes the whole values, optional as the chain's are")
  func editThroughChainPassesWholeValues() {
    let document = Document(tags: ["a"])
    let cell = DocumentCell(document: document)
    var calls: [[[String]?]] = []
    let token = cell.onChange(of: \.document?.tags) { calls.append([$0, $1]) }
    document.$tags.append("b")
    document.$tags.remove(at: 0)
    #expect(calls == [[["a"], ["a", "b"]], [["a", "b"], ["b"]]])
    withExtendedLifetime(token) {}
  }

  @Test("Releasing the token ends the calls")
  func releasingEnds() {
    let document = Document()
    var calls = 0
    var token: ObservationToken? = document.onChange(of: \.title) { _, _ in calls += 1 }
    document.title = "Draft"
    token = nil
    document.title = "Final"
    #expect(calls == 1)
    #expect(token == nil)
  }
}
