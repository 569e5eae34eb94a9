import ObservationToken
import Testing

@Suite("Chained key paths")
struct ChainTests {
  @Test("A change at the end of the chain delivers the old and new values of the whole path")
  func changeAtEndOfChain() throws {
    let cell = DocumentCell(document: Document(title: "Draft"))
    var changes: [ObservedChange<String?>] = []
    let token = cell.observe(\.document?.title) { _, change in changes.append(change) }
    cell.document?.title = "Final"
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.kind == .setting)
    #expect(change.oldValue == .some("Draft"))
    #expect(change.newValue == .some("Final"))
    #expect(!change.isPrior)
    withExtendedLifetime(token) {}
  }

  @Test("Replacing the intermediate object re-targets the observation and reports the path's old and new values")
  func replacingIntermediateRetargets() {
    let first = Document(title: "First")
    let second = Document(title: "Second")
    let cell = DocumentCell(document: first)
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title) { _, change in calls.append(TokenCall(change)) }
    cell.document = second
    #expect(calls == [TokenCall(old: "First", new: "Second")])
    second.title = "Second, edited"
    #expect(calls.last == TokenCall(old: "Second", new: "Second, edited"))
    #expect(calls.count == 2)
    withExtendedLifetime(token) {}
  }

  @Test("The replaced object is no longer observed")
  func replacedObjectNoLongerObserved() {
    let first = Document(title: "First")
    let cell = DocumentCell(document: first)
    var calls = 0
    let token = cell.observe(\.document?.title) { _, _ in calls += 1 }
    cell.document = Document(title: "Second")
    #expect(calls == 1)
    first.title = "First, edited"
    first.isFavorite = true
    #expect(calls == 1)
    withExtendedLifetime(token) {}
  }

  @Test("Setting the intermediate object to nil reports nil; the old object is no longer observed")
  func settingIntermediateToNil() {
    let first = Document(title: "First")
    let cell = DocumentCell(document: first)
    var changes: [ObservedChange<String?>] = []
    let token = cell.observe(\.document?.title) { _, change in changes.append(change) }
    cell.document = nil
    #expect(changes.count == 1)
    #expect(changes.first?.oldValue == .some("First"))
    #expect(changes.first?.newValue == .some(nil))
    first.title = "First, edited"
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test("From nil, assigning an intermediate object starts observing it")
  func assigningIntermediateFromNil() {
    let cell = DocumentCell()
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title) { _, change in calls.append(TokenCall(change)) }
    cell.document = document
    document.title = "Final"
    #expect(calls == [TokenCall(old: nil, new: "Draft"), TokenCall(old: "Draft", new: "Final")])
    withExtendedLifetime(token) {}
  }

  @Test("A replaced object that is released doesn't disturb the observation")
  func releasedReplacedObject() {
    let cell = DocumentCell()
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title) { _, change in calls.append(TokenCall(change)) }
    weak var weakFirst: Document?
    do {
      let first = Document(title: "First")
      weakFirst = first
      cell.document = first
    }
    let second = Document(title: "Second")
    cell.document = second
    #expect(weakFirst == nil)
    second.title = "Final"
    #expect(
      calls == [
        TokenCall(old: nil, new: "First"),
        TokenCall(old: "First", new: "Second"),
        TokenCall(old: "Second", new: "Final"),
      ]
    )
    #expect(token.isValid)
  }

  @Test(
    ".initial delivers the current value of the whole path",
    arguments: [("Draft", "Draft"), (nil, nil)] as [(String?, String?)]
  )
  func initialDeliversCurrentValue(title: String?, expected: String?) throws {
    let cell = DocumentCell(document: title.map { Document(title: $0) })
    var changes: [ObservedChange<String?>] = []
    let token = cell.observe(\.document?.title, options: [.initial]) { _, change in changes.append(change) }
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.kind == .setting)
    #expect(change.oldValue == nil)
    #expect(change.newValue == .some(expected))
    withExtendedLifetime(token) {}
  }

  @Test(".prior comes before a change at the end of the chain and before a replacement, with the old value")
  func priorBeforeChanges() {
    let first = Document(title: "First")
    let cell = DocumentCell(document: first)
    var calls: [TokenCall] = []
    var valuesSeen: [String?] = []
    let token = cell.observe(\.document?.title, options: [.prior]) { subject, change in
      calls.append(TokenCall(change))
      valuesSeen.append(subject.document?.title)
    }
    first.title = "Edited"
    cell.document = Document(title: "Second")
    #expect(
      calls == [
        TokenCall(old: "First", isPrior: true),
        TokenCall(old: "First", new: "Edited"),
        TokenCall(old: "Edited", isPrior: true),
        TokenCall(old: "Edited", new: "Second"),
      ]
    )
    #expect(valuesSeen == ["First", "Edited", "Edited", "Second"])
    withExtendedLifetime(token) {}
  }

  @Test("After re-targeting, the handler keeps its registration order on the new object")
  func registrationOrderAfterRetargeting() {
    let second = Document(title: "Second")
    let cell = DocumentCell(document: Document(title: "First"))
    var order: [String] = []
    let chain = cell.observe(\.document?.title) { _, _ in order.append("chain") }
    let direct = second.observe(\.title) { _, _ in order.append("direct") }
    cell.document = second
    order = []
    second.title = "Edited"
    #expect(order == ["chain", "direct"])
    withExtendedLifetime((chain, direct)) {}
  }

  @Test("A chain through a constant follows the property at its end")
  func chainThroughConstant() {
    let document = Document(title: "Draft")
    let holder = TokenDocumentHolder(document: document)
    var calls: [TokenCall] = []
    let token = holder.observe(\.document.title) { _, change in calls.append(TokenCall(change)) }
    document.title = "Final"
    #expect(calls == [TokenCall(old: "Draft", new: "Final")])
    withExtendedLifetime(token) {}
  }
}
