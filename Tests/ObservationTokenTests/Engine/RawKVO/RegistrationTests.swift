import Dispatch
import ObservationToken
import Testing

@Suite("Registration and removal")
struct RegistrationTests {
  // MARK: Weak observers

  @Test("An observer released while registered is never messaged")
  func releasedObserverIsNotMessaged() {
    let document = Document()
    let counter = NotificationCounter()
    do {
      let observer = CountingObserver(into: counter)
      document.addObserver(observer, forKeyPath: \.title)
      withExtendedLifetime(observer) { document.title = "While alive" }
    }
    document.title = "After release"
    #expect(counter.count == 1)
  }

  @Test("An observer released while registered is no longer listed once the property changes")
  func releasedObserverPrunedAfterChange() {
    let document = Document()
    do {
      let observer = ChangeRecorder()
      document.addObserver(observer, forKeyPath: \.title)
    }
    document.title = "After release"
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  @Test("An observer released while registered is no longer listed, even before any change")
  func releasedObserverPrunedAtOnce() {
    let document = Document()
    do {
      let observer = ChangeRecorder()
      document.addObserver(observer, forKeyPath: \.title)
      document.addObserver(observer, forKeyPath: \.displayTitle)
    }
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  // MARK: Double registration

  @Test("Registering the same observer, key path and context twice calls it twice per change")
  func doubleRegistrationCallsTwice() async {
    let document = Document()
    await confirmation(expectedCount: 2) { called in
      let observer = ReactingObserver { _, _ in called() }
      document.addObserver(observer, forKeyPath: \.title, context: Contexts.first)
      document.addObserver(observer, forKeyPath: \.title, context: Contexts.first)
      withExtendedLifetime(observer) { document.title = "Final" }
    }
  }

  @Test("Each removal removes one of two identical registrations")
  func eachRemovalRemovesOne() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    try document.removeObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.title = "One left"
    #expect(recorder.count == 1)
    try document.removeObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.title = "None left"
    #expect(recorder.count == 1)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    }
  }

  // MARK: Removal rules

  @Test("A removed observer is not called again")
  func removedObserverIsNotCalled() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    try document.removeObserver(recorder, forKeyPath: \.title, context: nil)
    document.title = "Final"
    #expect(recorder.count == 0)
  }

  @Test("A removal with a context removes only the registration with that context")
  func removalWithContextIsExact() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.second)
    try document.removeObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.title = "Final"
    #expect(recorder.changes.map(\.context) == [Contexts.second])
  }

  @Test("A removal without a context removes the most recent registration, whatever its context")
  func removalWithoutContextRemovesMostRecent() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.second)
    try document.removeObserver(recorder, forKeyPath: \.title)
    document.title = "After one removal"
    #expect(recorder.changes.map(\.context) == [Contexts.first])
    try document.removeObserver(recorder, forKeyPath: \.title)
    document.title = "After two removals"
    #expect(recorder.count == 1)
  }

  @Test("A removal with a nil context matches only a registration made without one")
  func nilContextMatchesOnlyNil() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(recorder, forKeyPath: \.title, context: nil)
    }
    document.addObserver(recorder, forKeyPath: \.title)
    try document.removeObserver(recorder, forKeyPath: \.title, context: nil)
    document.title = "Final"
    #expect(recorder.changes.map(\.context) == [Contexts.first])
  }

  @Test("A removal for another key path than the one registered throws and removes nothing")
  func removalForOtherKeyPathThrows() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(recorder, forKeyPath: \.displayTitle)
    }
    document.title = "Final"
    #expect(recorder.count == 1)
  }

  @Test("A removal of another observer than the one registered throws and removes nothing")
  func removalOfOtherObserverThrows() {
    let document = Document()
    let registered = ChangeRecorder()
    document.addObserver(registered, forKeyPath: \.title)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(ChangeRecorder(), forKeyPath: \.title)
    }
    document.title = "Final"
    #expect(registered.count == 1)
  }

  @Test("A removal from another object than the one observed throws and removes nothing")
  func removalFromOtherObjectThrows() {
    let observed = Document()
    let other = Document()
    let recorder = ChangeRecorder()
    observed.addObserver(recorder, forKeyPath: \.title)
    #expect(throws: KeyValueObservingError.self) {
      try other.removeObserver(recorder, forKeyPath: \.title)
    }
    observed.title = "Final"
    #expect(recorder.count == 1)
  }

  @Test("A removal with the wrong context throws and leaves the registration working")
  func removalWithWrongContextThrows() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(recorder, forKeyPath: \.title, context: Contexts.second)
    }
    document.title = "Final"
    #expect(recorder.changes.map(\.context) == [Contexts.first])
  }

  @Test("Derived registrations are removed like direct ones")
  func derivedRegistrationRemoval() throws {
    let cell = DocumentCell(document: Document())
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, context: Contexts.first)
    cell.addObserver(recorder, forKeyPath: \.document?.displayTitle, context: Contexts.first)
    cell.document = Document()
    try cell.removeObserver(recorder, forKeyPath: \.document?.title, context: Contexts.first)
    cell.document?.title = "Final"
    let title: AnyKeyPath = \DocumentCell.document?.title
    let displayTitle: AnyKeyPath = \DocumentCell.document?.displayTitle
    #expect(recorder.changes.map(\.keyPath) == [title, displayTitle, displayTitle])
  }

  // MARK: The thrown error

  @Test("Removing what is not registered throws notRegistered, naming observer type, key path as written and context")
  func notRegisteredError() {
    let document = Document()
    #expect(
      throws: KeyValueObservingError.notRegistered(
        observerType: "ChangeRecorder",
        keyPath: #"\Document.title"#,
        context: String(describing: Contexts.first)
      )
    ) {
      try document.removeObserver(ChangeRecorder(), forKeyPath: \.title, context: Contexts.first)
    }
  }

  @Test("The error of a removal without a context has no context")
  func notRegisteredErrorWithoutContext() {
    let document = Document()
    #expect(
      throws: KeyValueObservingError.notRegistered(
        observerType: "ChangeRecorder",
        keyPath: #"\Document.tags"#,
        context: nil
      )
    ) {
      try document.removeObserver(ChangeRecorder(), forKeyPath: \.tags)
    }
  }

  @Test("The error's description names the observer type, the key path and the context")
  func notRegisteredDescription() throws {
    let document = Document()
    let error = try #require(throws: KeyValueObservingError.self) {
      try document.removeObserver(ChangeRecorder(), forKeyPath: \.title, context: Contexts.first)
    }
    #expect(
      error.description
        == #"Cannot remove an observer of type ChangeRecorder for the key path \Document.title "#
        + "with context \(Contexts.first) because it is not registered."
    )
  }

  @Test("The error's description for a removal without a context mentions no context")
  func notRegisteredDescriptionWithoutContext() throws {
    let document = Document()
    let error = try #require(throws: KeyValueObservingError.self) {
      try document.removeObserver(ChangeRecorder(), forKeyPath: \.title)
    }
    #expect(
      error.description
        == #"Cannot remove an observer of type ChangeRecorder for the key path \Document.title "#
        + "because it is not registered."
    )
  }

  // MARK: Ordering

  @Test("Observers of one property are called in registration order")
  func registrationOrder() {
    let document = Document()
    var log: [String] = []
    let observers = ["first", "second", "third"].map { name in ReactingObserver { _, _ in log.append(name) } }
    for observer in observers { document.addObserver(observer, forKeyPath: \.title) }
    withExtendedLifetime(observers) {
      document.title = "Final"
      document.title = "Published"
    }
    #expect(log == ["first", "second", "third", "first", "second", "third"])
  }

  @Test("Direct and derived registrations of one property are called in registration order")
  func mixedRegistrationOrder() {
    let document = Document()
    var log: [String] = []
    let direct = ReactingObserver { _, _ in log.append("direct") }
    let derived = ReactingObserver { _, _ in log.append("derived") }
    let later = ReactingObserver { _, _ in log.append("later") }
    document.addObserver(direct, forKeyPath: \.title)
    document.addObserver(derived, forKeyPath: \.displayTitle)
    document.addObserver(later, forKeyPath: \.title)
    withExtendedLifetime((direct, derived, later)) { document.title = "Final" }
    #expect(log == ["direct", "derived", "later"])
  }

  @Test("A dependency discovered later keeps its registration's place in the order")
  func rediscoveredDependencyKeepsOrder() {
    let object = ChoosesDependency()
    var log: [String] = []
    let derived = ReactingObserver { _, _ in log.append("derived") }
    let direct = ReactingObserver { _, _ in log.append("direct") }
    object.addObserver(derived, forKeyPath: \.selected)
    object.addObserver(direct, forKeyPath: \.alternate)
    withExtendedLifetime((derived, direct)) {
      object.usesAlternate = true
      log.removeAll()
      object.alternate = "alternate, edited"
    }
    #expect(log == ["derived", "direct"])
  }

  // MARK: Description

  @Test("The description of an object nobody observes says so")
  func descriptionWithoutRegistrations() {
    #expect(Document().observationDescription == "Document observations:\n  (none)")
  }

  @Test("The description lists each registration: property, observer type, key path, options and context")
  func descriptionListsRegistrations() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.old, .new], context: Contexts.first)
    document.addObserver(recorder, forKeyPath: \.tags)
    let expected = [
      "Document observations:",
      #"  title: ChangeRecorder for \Document.title [.old, .new] context \#(Contexts.first)"#,
      #"  tags: ChangeRecorder for \Document.tags []"#,
    ]
    withExtendedLifetime(recorder) {
      #expect(document.observationDescription == expected.joined(separator: "\n"))
    }
  }

  @Test("The description says where each token was made, a plain one's and a chain's or derived one's")
  func descriptionSaysWhereTokensWereMade() {
    let document = Document()
    let cell = DocumentCell(document: document)
    let plainLine = #line + 1
    let plain = document.observe(\.title) { _, _ in }
    let derivedLine = #line + 1
    let derived = document.observe(\.displayTitle, options: [.initial]) { _, _ in }
    let chainLine = #line + 1
    let chain = cell.observe(\.document?.title) { _, _ in }
    let lines = document.observationDescription.split(separator: "\n").dropFirst().map(String.init)
    #expect(lines.contains(#"  title: ObservationToken for \Document.title [] at \#(#fileID):\#(plainLine)"#))
    #expect(
      lines.contains(
        #"  title: ObservationToken for \Document.<computed (String)> [.initial] at \#(#fileID):\#(derivedLine)"#)
    )
    #expect(
      cell.observationDescription.hasSuffix(
        #"ObservationToken for \DocumentCell.document?.title? [] at \#(#fileID):\#(chainLine)"#))
    withExtendedLifetime((plain, derived, chain)) {}
  }

  @Test("The description says where a delivery on a queue or the main actor was made, every change or the latest")
  @MainActor
  func descriptionSaysWhereDeliveriesWereMade() {
    let document = Document()
    let target = MainActorLabel()
    let queue = DispatchQueue(label: "description")
    let queueLine = #line + 1
    let onQueue = document.observe(\.title, on: queue) { _, _ in }
    let latestLine = #line + 1
    let latest = document.observe(\.title, on: queue, delivery: .latest) { _ in }
    let bindingLine = #line + 1
    let binding = document.bind(\.title, to: target, \.text, on: MainActor.shared, delivery: .latest)
    let lines = document.observationDescription.split(separator: "\n").dropFirst().map(String.init)
    for line in [queueLine, latestLine, bindingLine] {
      #expect(lines.contains { $0.hasSuffix(" at \(#fileID):\(line)") }, "no line ends at \(line): \(lines)")
    }
    withExtendedLifetime((onQueue, latest, binding)) {}
  }

  @Test("The description says where a synchronous binding and a token whose handler takes the token were made")
  func descriptionSaysWhereBindingsAndTokenHandlersWereMade() {
    let document = Document()
    let cell = APIBoundCell()
    let bindingLine = #line + 1
    let binding = document.bind(\.title, to: cell, \.titleText)
    let transformedLine = #line + 1
    let transformed = document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "" }
    let handlerLine = #line + 1
    let handler = document.observe(\.tags) { _, _, _ in }
    let lines = document.observationDescription.split(separator: "\n").dropFirst().map(String.init)
    for line in [bindingLine, transformedLine, handlerLine] {
      #expect(lines.contains { $0.hasSuffix(" at \(#fileID):\(line)") }, "no line ends at \(line): \(lines)")
    }
    withExtendedLifetime((binding, transformed, handler)) {}
  }

  @Test("Each of the sixteen option sets is kept exactly as registered, in registration order")
  func everyOptionSetIsKept() {
    let document = Document()
    let recorder = ChangeRecorder()
    let optionSets = (0..<16).map { KeyValueObservingOptions(rawValue: UInt8($0)) }
    for options in optionSets {
      document.addObserver(recorder, forKeyPath: \.title, options: options)
    }
    let lines = withExtendedLifetime(recorder) { document.observationDescription.split(separator: "\n").dropFirst() }
    #expect(lines.map(String.init) == optionSets.map { #"  title: ChangeRecorder for \Document.title \#($0)"# })
  }

  @Test("The description lists a computed key path once under each property it reads")
  func descriptionListsDerivedUnderEachDependency() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    document.addObserver(recorder, forKeyPath: \.displayTitle)
    let lines = withExtendedLifetime(recorder) { document.observationDescription.split(separator: "\n").dropFirst() }
    #expect(lines.count == 3)
    #expect(lines.filter { $0.hasPrefix("  title: ChangeRecorder") }.count == 2)
    #expect(lines.filter { $0.hasPrefix("  isFavorite: ChangeRecorder") }.count == 1)
  }

  @Test("The description no longer lists a removed registration")
  func descriptionAfterRemoval() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    document.addObserver(recorder, forKeyPath: \.isFavorite)
    try document.removeObserver(recorder, forKeyPath: \.title)
    let expected = #"Document observations:\#n  isFavorite: ChangeRecorder for \Document.isFavorite []"#
    withExtendedLifetime(recorder) { #expect(document.observationDescription == expected) }
  }

  @Test("The description of a subclass lists the properties declared in its superclass")
  func descriptionIncludesInheritedProperties() {
    let object = InheritsObservedProperties()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \.tags)
    let lines = withExtendedLifetime(recorder) { object.observationDescription.split(separator: "\n") }
    #expect(lines.first == "InheritsObservedProperties observations:")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("  tags: ChangeRecorder for ") == true)
  }
}
