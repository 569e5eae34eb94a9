import ObservationToken
import Testing

/// A component that observes its document's title for itself, as a superclass would.
class APIEditorComponent {
  let document: Document
  private(set) var baseTitles: [String] = []
  private var baseToken: ObservationToken?

  init(document: Document) {
    self.document = document
    baseToken = document.observe(\.title) { [weak self] _, change in
      self?.baseTitles.append(change.newValue ?? "nil")
    }
  }
}

/// A subclass that observes the same key path of the same object with a token of its own.
final class APIRichEditorComponent: APIEditorComponent {
  private(set) var subclassTitles: [String] = []
  private var subclassToken: ObservationToken?

  override init(document: Document) {
    super.init(document: document)
    subclassToken = document.observe(\.title) { [weak self] _, change in
      self?.subclassTitles.append(change.newValue ?? "nil")
    }
  }

  func stopObservingAsSubclass() {
    subclassToken?.invalidate()
  }
}

/// An in-place edit of `document.$tags`, starting from `["a", "b"]`.
enum APITagsEdit: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case append, insertAtStart, appendSeveral, removeFirst, removeAll, replaceSecond

  var testDescription: String { rawValue }

  func apply(to document: Document) {
    switch self {
    case .append: document.$tags.append("x")
    case .insertAtStart: document.$tags.insert("x", at: 0)
    case .appendSeveral: document.$tags.append(contentsOf: ["x", "y"])
    case .removeFirst: document.$tags.remove(at: 0)
    case .removeAll: document.$tags.removeAll()
    case .replaceSecond: document.$tags[1] = "x"
    }
  }

  var kind: KeyValueChange.Kind {
    switch self {
    case .append, .insertAtStart, .appendSeveral: .insertion
    case .removeFirst, .removeAll: .removal
    case .replaceSecond: .replacement
    }
  }

  /// The removed or replaced elements.
  var oldElements: [String]? {
    switch self {
    case .append, .insertAtStart, .appendSeveral: nil
    case .removeFirst: ["a"]
    case .removeAll: ["a", "b"]
    case .replaceSecond: ["b"]
    }
  }

  /// The inserted or replacing elements.
  var newElements: [String]? {
    switch self {
    case .append, .insertAtStart, .replaceSecond: ["x"]
    case .appendSeveral: ["x", "y"]
    case .removeFirst, .removeAll: nil
    }
  }

  var indexes: RangeSet<Int> {
    switch self {
    case .append: RangeSet(2..<3)
    case .insertAtStart: RangeSet(0..<1)
    case .appendSeveral: RangeSet(2..<4)
    case .removeFirst: RangeSet(0..<1)
    case .removeAll: RangeSet(0..<2)
    case .replaceSecond: RangeSet(1..<2)
    }
  }

  var result: [String] {
    switch self {
    case .append: ["a", "b", "x"]
    case .insertAtStart: ["x", "a", "b"]
    case .appendSeveral: ["a", "b", "x", "y"]
    case .removeFirst: ["b"]
    case .removeAll: []
    case .replaceSecond: ["a", "x"]
    }
  }
}

@Suite("observe(_:options:changeHandler:)")
struct ObserveTests {
  @Test("An assignment delivers a setting change with the old and new values")
  func assignmentDeliversOldAndNew() throws {
    let document = Document(title: "Draft")
    var changes: [ObservedChange<String>] = []
    let token = document.observe(\.title) { _, change in changes.append(change) }
    document.title = "Final"
    try #require(changes.count == 1)
    #expect(changes[0].kind == .setting)
    #expect(changes[0].oldValue == "Draft")
    #expect(changes[0].newValue == "Final")
    #expect(changes[0].indexes == nil)
    #expect(!changes[0].isPrior)
    withExtendedLifetime(token) {}
  }

  @Test("Each assignment calls the handler once, with the subject")
  func eachAssignmentCallsOnce() async {
    let document = Document()
    await confirmation(expectedCount: 3) { called in
      let token = document.observe(\.isFavorite) { subject, _ in
        #expect(subject === document)
        called()
      }
      document.isFavorite = true
      document.isFavorite = false
      document.isFavorite = true
      withExtendedLifetime(token) {}
    }
  }

  @Test("Without options, observing makes no call until a change")
  func noCallWithoutChange() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    #expect(calls == 0)
    withExtendedLifetime(token) {}
  }

  @Test("The handler runs after the new value is stored")
  func handlerSeesNewValue() {
    let document = Document()
    var seen: [String] = []
    let token = document.observe(\.title) { subject, _ in seen.append(subject.title) }
    document.title = "Draft"
    #expect(seen == ["Draft"])
    withExtendedLifetime(token) {}
  }

  @Test("Changes of other properties don't call the handler")
  func otherPropertiesDoNotCall() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    document.isFavorite = true
    document.tags = ["swift"]
    #expect(calls == 0)
    withExtendedLifetime(token) {}
  }

  @Test(".initial calls once while observing, with the current value and no old value")
  func initialCallsOnceAtRegistration() throws {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, options: [.initial]) { _, change in calls.append(TokenCall(change)) }
    #expect(calls == [TokenCall(new: "Draft")])
    document.title = "Final"
    #expect(calls == [TokenCall(new: "Draft"), TokenCall(old: "Draft", new: "Final")])
    withExtendedLifetime(token) {}
  }

  @Test(".prior calls before each change with the old value only, while the object still holds it")
  func priorCallsBeforeChange() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    var titlesSeen: [String] = []
    let token = document.observe(\.title, options: [.prior]) { subject, change in
      calls.append(TokenCall(change))
      titlesSeen.append(subject.title)
    }
    document.title = "Final"
    #expect(calls == [TokenCall(old: "Draft", isPrior: true), TokenCall(old: "Draft", new: "Final")])
    #expect(titlesSeen == ["Draft", "Final"])
    withExtendedLifetime(token) {}
  }

  @Test(".initial and .prior together: the initial call, then a prior and a change call per change")
  func initialAndPrior() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, options: [.initial, .prior]) { _, change in
      calls.append(TokenCall(change))
    }
    document.title = "Final"
    #expect(
      calls == [
        TokenCall(new: "Draft"),
        TokenCall(old: "Draft", isPrior: true),
        TokenCall(old: "Draft", new: "Final"),
      ]
    )
    withExtendedLifetime(token) {}
  }

  @Test(".prior calls also come before collection changes, with kind and indexes")
  func priorBeforeCollectionChange() throws {
    let document = Document(tags: ["a", "b"])
    var changes: [ObservedChange<[String]>] = []
    let token = document.observe(\.tags, options: [.prior]) { _, change in changes.append(change) }
    document.$tags.remove(at: 1)
    try #require(changes.count == 2)
    #expect(changes[0].isPrior)
    #expect(changes[0].kind == .removal)
    #expect(changes[0].indexes == RangeSet(1..<2))
    #expect(changes[0].newValue == nil)
    #expect(!changes[1].isPrior)
    #expect(changes[1].oldValue == ["b"])
    withExtendedLifetime(token) {}
  }

  @Test("Handlers are called in registration order, whatever their key paths' shapes")
  func registrationOrder() {
    let document = Document()
    let cell = DocumentCell(document: document)
    var order: [Int] = []
    let tokens = [
      document.observe(\.title) { _, _ in order.append(0) },
      document.observe(\.displayTitle) { _, _ in order.append(1) },
      cell.observe(\.document?.title) { _, _ in order.append(2) },
      document.observe(\.title) { _, _ in order.append(3) },
      document.observe(\.title, options: [.prior]) { _, change in if !change.isPrior { order.append(4) } },
    ]
    document.title = "Draft"
    #expect(order == [0, 1, 2, 3, 4])
    withExtendedLifetime(tokens) {}
  }

  @Test("Tokens of a superclass and a subclass on the same key path each get their own calls")
  func superclassAndSubclassTokensAreIndependent() {
    let document = Document()
    let editor = APIRichEditorComponent(document: document)
    document.title = "Draft"
    #expect(editor.baseTitles == ["Draft"])
    #expect(editor.subclassTitles == ["Draft"])
    editor.stopObservingAsSubclass()
    document.title = "Final"
    #expect(editor.baseTitles == ["Draft", "Final"])
    #expect(editor.subclassTitles == ["Draft"])
  }

  @Test("Several handlers on one key path are independent", arguments: 0..<3)
  func severalHandlersAreIndependent(invalidated: Int) {
    let document = Document()
    var calls = [0, 0, 0]
    let tokens = (0..<3).map { index in document.observe(\.title) { _, _ in calls[index] += 1 } }
    document.title = "Draft"
    #expect(calls == [1, 1, 1])
    tokens[invalidated].invalidate()
    document.title = "Final"
    var expected = [2, 2, 2]
    expected[invalidated] = 1
    #expect(calls == expected)
    #expect(tokens.map(\.isValid) == (0..<3).map { $0 != invalidated })
  }

  @Test("An in-place collection change delivers its kind, indexes and elements", arguments: APITagsEdit.allCases)
  func collectionChange(edit: APITagsEdit) throws {
    let document = Document(tags: ["a", "b"])
    var changes: [ObservedChange<[String]>] = []
    var valuesSeen: [[String]] = []
    let token = document.observe(\.tags) { subject, change in
      changes.append(change)
      valuesSeen.append(subject.tags)
    }
    edit.apply(to: document)
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.kind == edit.kind)
    #expect(change.indexes == edit.indexes)
    #expect(change.oldValue == edit.oldElements)
    #expect(change.newValue == edit.newElements)
    #expect(!change.isPrior)
    #expect(valuesSeen == [edit.result])
    withExtendedLifetime(token) {}
  }

  @Test("Appending to an empty collection is an insertion at index 0 with the new element")
  func appendToEmptyCollection() throws {
    let document = Document()
    var changes: [ObservedChange<[String]>] = []
    let token = document.observe(\.tags) { _, change in changes.append(change) }
    document.$tags.append("x")
    let change = try #require(changes.first)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(0..<1))
    #expect(change.newValue == ["x"])
    #expect(change.oldValue == nil)
    withExtendedLifetime(token) {}
  }

  @Test("Assigning a whole collection is a setting change with the whole values")
  func assigningCollection() throws {
    let document = Document(tags: ["a"])
    var changes: [ObservedChange<[String]>] = []
    let token = document.observe(\.tags) { _, change in changes.append(change) }
    document.tags = ["x", "y"]
    let change = try #require(changes.first)
    #expect(change.kind == .setting)
    #expect(change.oldValue == ["a"])
    #expect(change.newValue == ["x", "y"])
    #expect(change.indexes == nil)
    withExtendedLifetime(token) {}
  }
}
