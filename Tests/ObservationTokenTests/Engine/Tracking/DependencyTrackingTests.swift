import ObservationToken
import Testing

@Suite("Dependency tracking")
struct DependencyTrackingTests {
  // MARK: Reads outside and inside a scope in one function

  /// The check for tracking is declared free of effects, so the optimizer may ask it once
  /// per function; a key path read later in the same function must still be tracked.
  /// (Meaningful in the release and sanitizer legs, where the optimizer runs.)
  @Test("Properties read in a function before it observes them are still tracked when it does")
  func readsBeforeObservingAreTracked() {
    let document = Document(title: "Draft")
    var seen = [document.title, document.displayTitle]
    let title = document.observe(\.title) { _, change in seen.append(change.newValue ?? "") }
    let display = document.observe(\.displayTitle) { _, change in seen.append(change.newValue ?? "") }
    seen.append(document.title)
    document.isFavorite = true
    document.title = "Final"
    #expect(seen == ["Draft", "Draft", "Draft", "★ Draft", "Final", "★ Final"])
    withExtendedLifetime((title, display)) {}
  }

  /// A computed property that sets a property as it is read makes handlers run inside
  /// the evaluation; what those handlers read belongs to them, not to the key path.
  @Test("Properties read by handlers while a key path is evaluated are not its dependencies")
  func handlerReadsAreNotDependencies() {
    let model = StampsItsReads()
    let other = Document(title: "Other")
    let reader = model.stamp.observe(\.value) { _, _ in _ = other.title }
    var calls = 0
    let token = model.observe(\.stampedTitle) { _, _ in calls += 1 }
    other.title = "Changed"
    #expect(calls == 0, "a property read only by a handler was taken for a dependency")
    model.title = "Final"
    #expect(calls == 1)
    other.title = "Again"
    #expect(calls == 1, "a property read by a handler during a re-evaluation was taken for a dependency")
    withExtendedLifetime((reader, token)) {}
  }

  // MARK: Key paths written with a subclass root

  @Test("A key path rooted at a subclass observes the property declared in its superclass")
  func subclassRootedKeyPath() throws {
    let object = InheritsObservedProperties()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \InheritsObservedProperties.title, options: [.old, .new])
    object.title = "changed"
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.old(as: String.self) == "base")
    #expect(change.new(as: String.self) == "changed")
  }

  @Test("A collection declared in a superclass, observed through a subclass key path, keeps kind and indexes")
  func subclassRootedCollectionKeepsIndexes() throws {
    let object = InheritsObservedProperties()
    object.tags = ["a", "b"]
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \InheritsObservedProperties.tags, options: [.old, .new])
    object.$tags.insert("x", at: 1)
    object.$tags.remove(at: 0)
    object.$tags[0] = "y"
    try #require(recorder.count == 3)
    #expect(recorder.changes.map(\.kind) == [.insertion, .removal, .replacement])
    #expect(recorder.changes.map(\.indexes) == [RangeSet(1..<2), RangeSet(0..<1), RangeSet(0..<1)])
    #expect(recorder.changes.map { $0.old(as: [String].self) } == [nil, ["a"], ["x"]])
    #expect(recorder.changes.map { $0.new(as: [String].self) } == [["x"], nil, ["y"]])
  }

  @Test("The prior call of a collection change seen through a subclass key path keeps kind and indexes")
  func subclassRootedCollectionPrior() throws {
    let object = InheritsObservedProperties()
    object.tags = ["a", "b"]
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \InheritsObservedProperties.tags, options: [.prior, .old])
    object.$tags.remove(at: 1)
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.kind == .removal)
    #expect(prior.indexes == RangeSet(1..<2))
    #expect(prior.old(as: [String].self) == ["b"])
  }

  @Test("A whole assignment seen through a subclass key path is a setting with whole values")
  func subclassRootedCollectionAssignment() throws {
    let object = InheritsObservedProperties()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \InheritsObservedProperties.tags, options: [.old, .new])
    object.tags = ["a"]
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.indexes == nil)
    #expect(change.old(as: [String].self) == [])
    #expect(change.new(as: [String].self) == ["a"])
  }

  @Test("A registration made through a subclass key path is removed through the same key path")
  func subclassRootedRemoval() throws {
    let object = InheritsObservedProperties()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \InheritsObservedProperties.title)
    try object.removeObserver(recorder, forKeyPath: \InheritsObservedProperties.title)
    object.title = "changed"
    #expect(recorder.count == 0)
  }

  // MARK: Chains

  @Test("A chain reports changes of the property at its end")
  func chainReportsEndProperty() throws {
    let document = Document(title: "Draft")
    let cell = DocumentCell(document: document)
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.old, .new])
    document.title = "Final"
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.old(as: String.self) == "Draft")
    #expect(change.new(as: String.self) == "Final")
  }

  @Test("Replacing the intermediate object is a change, from the old object's value to the new one's")
  func replacingIntermediateIsAChange() throws {
    let cell = DocumentCell(document: Document(title: "First"))
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.old, .new])
    cell.document = Document(title: "Second")
    let change = try #require(recorder.onlyChange)
    #expect(change.old(as: String.self) == "First")
    #expect(change.new(as: String.self) == "Second")
  }

  @Test("After the intermediate object is replaced, the chain follows the new object")
  func chainFollowsNewIntermediate() throws {
    let cell = DocumentCell(document: Document(title: "First"))
    let replacement = Document(title: "Second")
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.old, .new])
    cell.document = replacement
    replacement.title = "Second, edited"
    try #require(recorder.count == 2)
    #expect(recorder.changes[1].old(as: String.self) == "Second")
    #expect(recorder.changes[1].new(as: String.self) == "Second, edited")
  }

  @Test("After the intermediate object is replaced, changing the old object reports nothing")
  func oldIntermediateIsSilent() {
    let original = Document(title: "First")
    let cell = DocumentCell(document: original)
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title)
    cell.document = Document(title: "Second")
    original.title = "First, edited"
    #expect(recorder.count == 1)
    #expect(original.observationDescription.hasSuffix("(none)"))
  }

  @Test("A chain through nil reports the end value becoming nil, then follows a new object")
  func chainThroughNil() throws {
    let cell = DocumentCell(document: Document(title: "First"))
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.old, .new])
    cell.document = nil
    let document = Document(title: "Second")
    cell.document = document
    document.title = "Second, edited"
    try #require(recorder.count == 3)
    let values = recorder.changes.map { [$0.old(as: String.self), $0.new(as: String.self)] }
    #expect(values == [["First", nil], [nil, "Second"], ["Second", "Second, edited"]])
  }

  @Test("A chain's prior call carries the value at the end of the chain before the change")
  func chainPrior() throws {
    let document = Document(title: "Draft")
    let cell = DocumentCell(document: document)
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.prior, .old, .new])
    document.title = "Final"
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.old(as: String.self) == "Draft")
    #expect(prior.newValue == nil)
    #expect(recorder.changes[1].new(as: String.self) == "Final")
  }

  @Test("A chain's .initial call carries the value at the end of the chain")
  func chainInitial() throws {
    let cell = DocumentCell(document: Document(title: "Draft"))
    let recorder = ChangeRecorder()
    cell.addObserver(recorder, forKeyPath: \.document?.title, options: [.initial, .new])
    let change = try #require(recorder.onlyChange)
    #expect(change.new(as: String.self) == "Draft")
  }

  // MARK: Computed properties

  @Test(
    "A computed property reports a change of each property it reads, with computed old and new values",
    arguments: [ComputedInputChange.title, .isFavorite]
  )
  func computedPropertyReportsEachDependency(input: ComputedInputChange) throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.displayTitle, options: [.old, .new])
    input.apply(to: document)
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.old(as: String.self) == "Draft")
    #expect(change.new(as: String.self) == input.expectedDisplayTitle)
  }

  @Test("A computed property reports one change per change of a property it reads")
  func oneNotificationPerDependencyChange() {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.displayTitle, options: [.new])
    document.title = "Final"
    document.isFavorite = true
    document.title = "Published"
    #expect(recorder.changes.map { $0.new(as: String.self) } == ["Final", "★ Final", "★ Published"])
  }

  @Test("A computed property that reads one property twice reports each change of it once")
  func repeatedReadIsOneDependency() {
    let echo = Echo()
    let recorder = ChangeRecorder()
    echo.addObserver(recorder, forKeyPath: \.doubled, options: [.new])
    echo.word = "ho"
    echo.word = "ha"
    #expect(recorder.changes.map { $0.new(as: String.self) } == ["hoho", "haha"])
  }

  @Test("A computed property does not report changes of properties it does not read")
  func computedIgnoresOtherProperties() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.displayTitle)
    document.tags = ["unrelated"]
    #expect(recorder.count == 0)
  }

  @Test("A computed property's prior call carries the computed value before the change")
  func computedPrior() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.displayTitle, options: [.prior, .old, .new])
    document.isFavorite = true
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.old(as: String.self) == "Draft")
    #expect(prior.newValue == nil)
    #expect(!recorder.changes[1].isPrior)
    #expect(recorder.changes[1].new(as: String.self) == "★ Draft")
  }

  @Test("A computed property's .initial call carries its current computed value")
  func computedInitial() throws {
    let document = Document(title: "Draft", isFavorite: true)
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.displayTitle, options: [.initial, .new])
    let change = try #require(recorder.onlyChange)
    #expect(change.new(as: String.self) == "★ Draft")
  }

  @Test("Before its condition flips, a conditional dependency not read is not observed")
  func unreadConditionalDependencyIsSilent() {
    let object = ChoosesDependency()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \.selected)
    object.alternate = "alternate, edited"
    #expect(recorder.count == 0)
  }

  @Test("When a condition flips, the dependencies are discovered again")
  func conditionalDependenciesRediscovered() {
    let object = ChoosesDependency()
    let recorder = ChangeRecorder()
    object.addObserver(recorder, forKeyPath: \.selected, options: [.old, .new])
    object.usesAlternate = true
    object.primary = "primary, edited"
    object.alternate = "alternate, edited"
    object.usesAlternate = false
    object.alternate = "alternate, edited again"
    object.primary = "primary, edited again"
    let values = recorder.changes.map { [$0.old(as: String.self), $0.new(as: String.self)] }
    #expect(
      values == [
        ["primary", "alternate"],
        ["alternate", "alternate, edited"],
        ["alternate, edited", "primary, edited"],
        ["primary, edited", "primary, edited again"],
      ]
    )
  }
}

/// A change of one property that `Document.displayTitle` reads, from "Draft", not a favorite.
enum ComputedInputChange: String, CaseIterable, Sendable {
  case title, isFavorite

  func apply(to document: Document) {
    switch self {
    case .title: document.title = "Final"
    case .isFavorite: document.isFavorite = true
    }
  }

  var expectedDisplayTitle: String {
    switch self {
    case .title: "Final"
    case .isFavorite: "★ Draft"
    }
  }
}

/// A computed property that reads the same `@Observed` property twice.
private final class Echo: KeyValueObservable {
  @Observed var word = "hi"
  var doubled: String { word + word }
}

/// A computed property with a side effect: reading it stamps an `@Observed` property of
/// another object (without reading that), whose observers then run in the middle of the
/// evaluation.
private final class StampsItsReads: KeyValueObservable {
  final class Stamp: KeyValueObservable {
    @Observed var value = 0
  }

  @Observed var title = "Draft"
  let stamp = Stamp()
  var stampedTitle: String {
    stamp.value = title.count
    return title
  }
}
