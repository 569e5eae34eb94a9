import ObservationToken
import Testing

@Suite("Token identity and description")
struct TokenIdentityTests {
  @Test("A token is equal only to itself, even beside a token for the same key path")
  func equalityIsIdentity() {
    let document = Document()
    let first = document.observe(\.title) { _, _ in }
    let second = document.observe(\.title) { _, _ in }
    let alias = first
    #expect(first == alias)
    #expect(first.hashValue == alias.hashValue)
    #expect(first != second)
  }

  @Test("store(in: Set) keeps each token once")
  func storeInSetKeepsEachTokenOnce() {
    let document = Document()
    var set = Set<ObservationToken>()
    let first = document.observe(\.title) { _, _ in }
    let second = document.observe(\.title) { _, _ in }
    first.store(in: &set)
    first.store(in: &set)
    second.store(in: &set)
    #expect(set.count == 2)
    #expect(set.contains(first))
    #expect(set.contains(second))
  }

  @Test("A set keeps its tokens' observations alive until it lets them go")
  func setKeepsObservationsAlive() {
    let document = Document()
    var calls = 0
    var set = Set<ObservationToken>()
    document.observe(\.title) { _, _ in calls += 1 }.store(in: &set)
    document.title = "Draft"
    #expect(calls == 1)
    set.removeAll()
    document.title = "Final"
    #expect(calls == 1)
  }

  @Test(
    "debugDescription names the subject type, the key path as written, options and state",
    arguments: [
      ([], "[]"),
      ([.initial], "[.initial]"),
      ([.prior], "[.prior]"),
      ([.initial, .prior], "[.initial, .prior]"),
      ([.old, .new, .initial], "[.initial]"),
    ] as [(KeyValueObservingOptions, String)]
  )
  func debugDescriptionNamesEverything(options: KeyValueObservingOptions, optionsText: String) {
    let document = Document()
    let token = document.observe(\.title, options: options) { _, _ in }
    #expect(token.debugDescription == "ObservationToken(Document \\Document.title \(optionsText), valid)")
    token.invalidate()
    #expect(
      token.debugDescription == "ObservationToken(Document \\Document.title \(optionsText), invalid)"
    )
  }

  @Test("debugDescription says invalid once the subject is released")
  func debugDescriptionAfterSubjectReleased() {
    let token: ObservationToken
    do {
      let document = Document()
      token = document.observe(\.isFavorite) { _, _ in }
    }
    #expect(token.debugDescription == "ObservationToken(Document \\Document.isFavorite [], invalid)")
  }

  @Test("debugDescription of a token that ended inside its .initial call says invalid")
  func debugDescriptionAfterEndingInInitial() {
    let document = Document()
    let token = document.observe(\.title, options: [.initial]) { _, _, token in token.invalidate() }
    #expect(token.debugDescription == "ObservationToken(Document \\Document.title [.initial], invalid)")
  }

  @Test("debugDescription names the type the key path starts from, as the key path it prints does")
  func debugDescriptionNamesTheKeyPathRoot() {
    let subclassInstance: DeclaresObservedProperties = InheritsObservedProperties()
    let token = subclassInstance.observe(\.title) { _, _ in }
    #expect(
      token.debugDescription.hasPrefix("ObservationToken(DeclaresObservedProperties \\DeclaresObservedProperties."))
  }

  @Test("debugDescription of a derived or chained key path names the subject, the path's shape and options")
  func debugDescriptionOfDerivedKeyPath() {
    let document = Document()
    let cell = DocumentCell(document: document)
    let derived = document.observe(\.displayTitle) { _, _ in }
    let chain = cell.observe(\.document?.title, options: [.prior]) { _, _ in }
    #expect(derived.debugDescription.hasPrefix("ObservationToken(Document \\Document."))
    #expect(derived.debugDescription.hasSuffix(" [], valid)"))
    #expect(chain.debugDescription.hasPrefix("ObservationToken(DocumentCell \\DocumentCell."))
    #expect(chain.debugDescription.contains(#"\DocumentCell.document?.title"#))
    #expect(chain.debugDescription.hasSuffix(" [.prior], valid)"))
  }
}
