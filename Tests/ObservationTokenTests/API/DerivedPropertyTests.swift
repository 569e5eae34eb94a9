import ObservationToken
import Testing

/// A computed property whose dependencies change with a flag: `visibleTitle` reads
/// `isHidden`, then `placeholder` or `title`, never both.
final class APIPanel: KeyValueObservable {
  @Observed var isHidden = false
  @Observed var title = "Title"
  @Observed var placeholder = "Placeholder"

  var visibleTitle: String { isHidden ? placeholder : title }
}

/// A computed property reading properties of another object, through a replaceable reference.
final class APIHeader: KeyValueObservable {
  @Observed var document: Document?

  var headline: String { document.map { $0.displayTitle.uppercased() } ?? "-" }

  init(document: Document?) {
    _document = Observed(wrappedValue: document)
  }
}

/// A computed property whose value is an object.
final class APIDocumentHolder: KeyValueObservable {
  @Observed var document: Document?

  var currentDocument: Document? { document }
}

@Suite("Derived properties")
struct DerivedPropertyTests {
  @Test(
    "A change of any dependency notifies with the computed old and new values",
    arguments: [
      ("title", TokenCall(old: "Draft", new: "Final")),
      ("isFavorite", TokenCall(old: "Draft", new: "★ Draft")),
    ]
  )
  func dependencyChangeNotifies(property: String, expected: TokenCall) {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.displayTitle) { _, change in calls.append(TokenCall(change)) }
    if property == "title" { document.title = "Final" } else { document.isFavorite = true }
    #expect(calls == [expected])
    withExtendedLifetime(token) {}
  }

  @Test("One dependency change is one notification")
  func oneChangeOneNotification() async {
    let document = Document()
    await confirmation(expectedCount: 2) { notified in
      let token = document.observe(\.displayTitle) { _, _ in notified() }
      document.title = "Draft"
      document.isFavorite = true
      withExtendedLifetime(token) {}
    }
  }

  @Test("A property the computed property doesn't read doesn't notify")
  func unreadPropertyDoesNotNotify() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.displayTitle) { _, _ in calls += 1 }
    document.tags = ["swift"]
    document.$tags.append("kvo")
    #expect(calls == 0)
    withExtendedLifetime(token) {}
  }

  @Test(
    "Only the dependencies of the current branch notify",
    arguments: [false, true]
  )
  func onlyCurrentBranchNotifies(isHidden: Bool) {
    let panel = APIPanel()
    panel.isHidden = isHidden
    var calls: [TokenCall] = []
    let token = panel.observe(\.visibleTitle) { _, change in calls.append(TokenCall(change)) }
    // The branch not taken: no notification.
    if isHidden { panel.title = "Title, edited" } else { panel.placeholder = "Placeholder, edited" }
    #expect(calls.isEmpty)
    // The branch taken: one notification.
    if isHidden { panel.placeholder = "Placeholder, edited" } else { panel.title = "Title, edited" }
    let expected =
      isHidden
      ? TokenCall(old: "Placeholder", new: "Placeholder, edited") : TokenCall(old: "Title", new: "Title, edited")
    #expect(calls == [expected])
    withExtendedLifetime(token) {}
  }

  @Test("Dependencies are re-discovered on each change as the branch switches")
  func dependenciesRediscovered() {
    let panel = APIPanel()
    var calls: [TokenCall] = []
    let token = panel.observe(\.visibleTitle) { _, change in calls.append(TokenCall(change)) }
    panel.isHidden = true
    #expect(calls == [TokenCall(old: "Title", new: "Placeholder")])
    panel.title = "Title 2"
    #expect(calls.count == 1)
    panel.placeholder = "Placeholder 2"
    #expect(calls.last == TokenCall(old: "Placeholder", new: "Placeholder 2"))
    panel.isHidden = false
    #expect(calls.last == TokenCall(old: "Placeholder 2", new: "Title 2"))
    panel.placeholder = "Placeholder 3"
    #expect(calls.count == 3)
    panel.title = "Title 3"
    #expect(calls.last == TokenCall(old: "Title 2", new: "Title 3"))
    #expect(calls.count == 4)
    withExtendedLifetime(token) {}
  }

  @Test("An invalidated token keeps no derived value alive, though the token and its subject live on")
  func invalidationReleasesTheLastValue() {
    let holder = APIDocumentHolder()
    weak var released: Document?
    do {
      let document = Document()
      holder.document = document
      released = document
    }
    let token = holder.observe(\.currentDocument) { _, _ in }
    token.invalidate()
    holder.document = nil
    #expect(released == nil)
    withExtendedLifetime(token) {}
  }

  @Test(".initial delivers the computed value and no old value")
  func initialDeliversComputedValue() {
    let document = Document(title: "Draft", isFavorite: true)
    var calls: [TokenCall] = []
    let token = document.observe(\.displayTitle, options: [.initial]) { _, change in calls.append(TokenCall(change)) }
    #expect(calls == [TokenCall(new: "★ Draft")])
    withExtendedLifetime(token) {}
  }

  @Test(".prior delivers the computed old value while the object still holds it")
  func priorDeliversComputedOldValue() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    var valuesSeen: [String] = []
    let token = document.observe(\.displayTitle, options: [.initial, .prior]) { subject, change in
      calls.append(TokenCall(change))
      valuesSeen.append(subject.displayTitle)
    }
    document.isFavorite = true
    #expect(
      calls == [
        TokenCall(new: "Draft"),
        TokenCall(old: "Draft", isPrior: true),
        TokenCall(old: "Draft", new: "★ Draft"),
      ]
    )
    #expect(valuesSeen == ["Draft", "Draft", "★ Draft"])
    withExtendedLifetime(token) {}
  }

  @Test("A computed property reading another object follows that object and its replacement")
  func derivedAcrossObjects() {
    let first = Document(title: "First")
    let header = APIHeader(document: first)
    var calls: [TokenCall] = []
    let token = header.observe(\.headline) { _, change in calls.append(TokenCall(change)) }
    first.isFavorite = true
    #expect(calls == [TokenCall(old: "FIRST", new: "★ FIRST")])
    header.document = Document(title: "Second")
    #expect(calls.last == TokenCall(old: "★ FIRST", new: "SECOND"))
    first.title = "First, edited"
    #expect(calls.count == 2)
    header.document = nil
    #expect(calls.last == TokenCall(old: "SECOND", new: "-"))
    withExtendedLifetime(token) {}
  }

  @Test("A change of a derived value is reported as a setting of the whole value")
  func derivedChangeIsSetting() throws {
    let document = Document(title: "Draft")
    var changes: [ObservedChange<String>] = []
    let token = document.observe(\.displayTitle) { _, change in changes.append(change) }
    document.title = "Final"
    let change = try #require(changes.first)
    #expect(change.kind == .setting)
    #expect(change.indexes == nil)
    withExtendedLifetime(token) {}
  }
}
