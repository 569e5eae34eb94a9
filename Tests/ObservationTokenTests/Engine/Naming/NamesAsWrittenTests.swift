import ObservationToken
import Testing

/// Thrown errors and descriptions name `@Observed` properties as written in source
/// (`\Document.title`), which the runtime prints as computed components
/// (`\Document.<computed (String)>`); and never name a property that was not written.
@Suite("Errors and descriptions name properties as written")
struct NamesAsWrittenTests {
  @Test("The not-registered error of a chain names each property along it")
  func chainErrorNamesEachProperty() throws {
    let cell = DocumentCell(document: Document())
    let error = try #require(throws: KeyValueObservingError.self) {
      try cell.removeObserver(ChangeRecorder(), forKeyPath: \.document?.title)
    }
    let keyPath = #"\DocumentCell.document?.title?"#
    #expect(error == .notRegistered(observerType: "ChangeRecorder", keyPath: keyPath, context: nil))
  }

  @Test("The not-registered error of a property declared in a superclass, written with the subclass, names it")
  func subclassRootedErrorNamesTheProperty() throws {
    let object = InheritsObservedProperties()
    let error = try #require(throws: KeyValueObservingError.self) {
      try object.removeObserver(ChangeRecorder(), forKeyPath: \InheritsObservedProperties.tags)
    }
    #expect(error.description.contains(#"for the key path \InheritsObservedProperties.tags because"#))
  }

  @Test("A chain token's debugDescription names each property along it")
  func chainTokenNamesEachProperty() {
    let cell = DocumentCell(document: Document())
    let token = cell.observe(\.document?.title) { _, _ in }
    #expect(token.debugDescription == #"ObservationToken(DocumentCell \DocumentCell.document?.title? [], valid)"#)
  }

  @Test("A chain token whose middle object is nil names the steps after it, which the program's symbol table names")
  func chainTokenWithNilMiddleNamesEveryStep() {
    // Types no other test names a key path through: none of their steps was learned before.
    let shelf = NeverNamedShelf()
    let token = shelf.observe(\.item?.label) { _, _ in }
    #expect(token.debugDescription == #"ObservationToken(NeverNamedShelf \NeverNamedShelf.item?.label? [], valid)"#)
    #expect(shelf.observationDescription.contains(#"ObservationToken for \NeverNamedShelf.item?.label? []"#))
    shelf.item = NeverNamedItem()
    #expect(token.debugDescription == #"ObservationToken(NeverNamedShelf \NeverNamedShelf.item?.label? [], valid)"#)
  }

  @Test("After a nil, a step into a generic class, or an overridable property, or its override, is named as written")
  func stepsAfterNilNamedInEveryKindOfClass() {
    // A generic class's and an overridable property's IDs are method descriptors (which a
    // release build names only as part of their class's descriptor), a final class's
    // property's its getter; a private class's symbol names it `(SymbolBase in _…)`.
    let shelf = SymbolShelf()
    let tokens = [
      shelf.observe(\.box?.content) { _, _ in }, shelf.observe(\.base?.heading) { _, _ in },
      shelf.observe(\.overriding?.heading) { _, _ in },
    ]
    let description = shelf.observationDescription
    #expect(description.contains(#"ObservationToken for \SymbolShelf.box?.content []"#))
    #expect(description.contains(#"ObservationToken for \SymbolShelf.base?.heading? []"#))
    #expect(description.contains(#"ObservationToken for \SymbolShelf.overriding?.heading? []"#))
    withExtendedLifetime(tokens) {}
  }

  @Test(
    "After a nil, a computed property that is not @Observed keeps the runtime's form, though another of its type was named"
  )
  func stepAfterNilIsNotMisnamed() {
    let named = LearningShelf(item: LearningItem())
    let tokens = [named.observe(\.item?.label) { _, _ in }, named.observe(\.item?.shout) { _, _ in }]
    #expect(tokens[0].debugDescription.contains(#"\LearningShelf.item?.label?"#))
    let empty = LearningShelf(item: nil)
    let token = empty.observe(\.item?.shout) { _, _ in }
    #expect(
      token.debugDescription == #"ObservationToken(LearningShelf \LearningShelf.item?.<computed (String)>? [], valid)"#)
  }

  @Test("A token on a property declared in a superclass, written with the subclass, names it")
  func subclassRootedTokenNamesTheProperty() {
    let object = InheritsObservedProperties()
    let token = object.observe(\InheritsObservedProperties.title) { _, _ in }
    #expect(token.debugDescription.contains(#"\InheritsObservedProperties.title []"#))
  }

  @Test("observationDescription names a chain registration's key path as written")
  func observationDescriptionNamesChains() {
    let document = Document()
    let cell = DocumentCell(document: document)
    let token = cell.observe(\.document?.title) { _, _ in }
    #expect(cell.observationDescription.contains(#"document: ObservationToken for \DocumentCell.document?.title? []"#))
    withExtendedLifetime(token) {}
  }

  @Test("observationDescription names an Array subscript in a key path by its index, and the steps after it")
  func observationDescriptionNamesSubscripts() {
    let document = Document(tags: ["a", "b"])
    let notebook = Notebook(documents: [document])
    let tag = document.observe(\.tags[1]) { _, _ in }
    let title = notebook.observe(\.documents[0].title) { _, _ in }
    #expect(document.observationDescription.contains(#"ObservationToken for \Document.tags[1] []"#))
    #expect(notebook.observationDescription.contains(#"ObservationToken for \Notebook.documents[0].title []"#))
    withExtendedLifetime((tag, title)) {}
  }

  @Test("A computed property that is not @Observed keeps the runtime's form, never another property's name")
  func computedPropertyIsNotMisnamed() throws {
    let model = ComputedOverOneProperty()
    let derived = model.observe(\.shout) { _, _ in }
    let document = Document()
    let twoReads = document.observe(\.displayTitle) { _, _ in }
    #expect(derived.debugDescription.contains(#" \ComputedOverOneProperty.<computed (String)> []"#))
    #expect(twoReads.debugDescription == #"ObservationToken(Document \Document.<computed (String)> [], valid)"#)
    let error = try #require(throws: KeyValueObservingError.self) {
      try model.removeObserver(ChangeRecorder(), forKeyPath: \.shout)
    }
    #expect(!error.description.contains("word"))
  }

  @Test("A computed step that reads an @Observed property of its own type first is not named as it")
  func computedMiddleStepIsNotMisnamed() {
    let holder = SelectionHolder()
    holder.selected = Document(title: "draft")
    let shelf = PinnedShelf(pinned: [Document(title: "Pinned")], items: [Document(), Document()])
    let tokens = [holder.observe(\.current?.title) { _, _ in }, shelf.observe(\.all[2].title) { _, _ in }]
    #expect(
      tokens[0].debugDescription
        == #"ObservationToken(SelectionHolder \SelectionHolder.<computed (Optional<Document>)>?.title? [], valid)"#)
    #expect(
      tokens[1].debugDescription
        == #"ObservationToken(PinnedShelf \PinnedShelf.<computed (Array<Document>)>[2].title [], valid)"#)
  }

  @Test("Along a chain, a computed property that reads one @Observed property of its own type is not named as it")
  func computedLastStepOfChainIsNotMisnamed() throws {
    let cell = DocumentCell(document: Document(title: "draft"))
    let shout = cell.observe(\.document?.shoutedTitle) { _, _ in }
    let title = cell.observe(\.document?.title) { _, _ in }
    #expect(!shout.debugDescription.contains("title"))
    #expect(title.debugDescription.contains(#"\DocumentCell.document?.title?"#))
    let error = try #require(throws: KeyValueObservingError.self) {
      try cell.removeObserver(ChangeRecorder(), forKeyPath: \.document?.shoutedTitle)
    }
    #expect(!error.description.contains("title"))
  }

  @Test("A token on one of several @Observed properties of one type never names another")
  func sameTypedPropertiesAreNotConfused() throws {
    let model = TwoStrings()
    let second = model.observe(\.second) { _, _ in }
    #expect(!second.debugDescription.contains("first"))
    let error = try #require(throws: KeyValueObservingError.self) {
      try model.removeObserver(ChangeRecorder(), forKeyPath: \.second)
    }
    #expect(error.description.contains(#"\TwoStrings.second"#))
  }
}

/// Names of `@Observed` properties that share their type with another of their class —
/// as most models do, with two `Bool` or two `String` properties — told apart by where
/// their storage lies in the object.
@Suite("Properties that share a type are each named as written")
struct SameTypedPropertyNamesTests {
  @Test("A token's debugDescription names each of two Bool and two String properties")
  func tokensNameEachProperty() {
    let model = TwoBoolsTwoStrings()
    let tokens = [
      model.observe(\.isPinned) { _, _ in },
      model.observe(\.isArchived) { _, _ in },
      model.observe(\.title) { _, _ in },
      model.observe(\.subtitle) { _, _ in },
    ]
    #expect(
      tokens.map(\.debugDescription) == [
        #"ObservationToken(TwoBoolsTwoStrings \TwoBoolsTwoStrings.isPinned [], valid)"#,
        #"ObservationToken(TwoBoolsTwoStrings \TwoBoolsTwoStrings.isArchived [], valid)"#,
        #"ObservationToken(TwoBoolsTwoStrings \TwoBoolsTwoStrings.title [], valid)"#,
        #"ObservationToken(TwoBoolsTwoStrings \TwoBoolsTwoStrings.subtitle [], valid)"#,
      ]
    )
  }

  @Test("observationDescription names each of two Bool and two String properties")
  func observationDescriptionNamesEachProperty() {
    let model = TwoBoolsTwoStrings()
    let observer = ChangeRecorder()
    model.addObserver(observer, forKeyPath: \.isArchived)
    model.addObserver(observer, forKeyPath: \.subtitle)
    let line = #line + 1
    let tokens = [model.observe(\.isPinned) { _, _ in }, model.observe(\.title) { _, _ in }]
    #expect(
      model.observationDescription == """
        TwoBoolsTwoStrings observations:
          isPinned: ObservationToken for \\TwoBoolsTwoStrings.isPinned [] at \(#fileID):\(line)
          isArchived: ChangeRecorder for \\TwoBoolsTwoStrings.isArchived []
          title: ObservationToken for \\TwoBoolsTwoStrings.title [] at \(#fileID):\(line)
          subtitle: ChangeRecorder for \\TwoBoolsTwoStrings.subtitle []
        """
    )
    withExtendedLifetime(tokens) {}
  }

  @Test("The not-registered error names each of two Bool and two String properties")
  func errorsNameEachProperty() {
    let model = TwoBoolsTwoStrings()
    func keyPathInError<Value>(removing keyPath: KeyPath<TwoBoolsTwoStrings, Value>) -> String? {
      do throws(KeyValueObservingError) {
        try model.removeObserver(ChangeRecorder(), forKeyPath: keyPath)
        return nil
      } catch {
        switch error {
        case .notRegistered(_, let keyPath, _): return keyPath
        }
      }
    }
    #expect(keyPathInError(removing: \.isPinned) == #"\TwoBoolsTwoStrings.isPinned"#)
    #expect(keyPathInError(removing: \.isArchived) == #"\TwoBoolsTwoStrings.isArchived"#)
    #expect(keyPathInError(removing: \.title) == #"\TwoBoolsTwoStrings.title"#)
    #expect(keyPathInError(removing: \.subtitle) == #"\TwoBoolsTwoStrings.subtitle"#)
  }

  @Test("An inherited property that shares its type with another is named in a token, a description and an error")
  func inheritedPropertiesAreNamed() throws {
    let model = InheritsTwoBools()
    let base: TwoBoolsTwoStrings = model
    let token = base.observe(\.isArchived) { _, _ in }
    let throughSubclass = model.observe(\InheritsTwoBools.isArchived) { _, _ in }
    let own = model.observe(\.isHidden) { _, _ in }
    #expect(token.debugDescription == #"ObservationToken(TwoBoolsTwoStrings \TwoBoolsTwoStrings.isArchived [], valid)"#)
    #expect(
      throughSubclass.debugDescription == #"ObservationToken(InheritsTwoBools \InheritsTwoBools.isArchived [], valid)"#
    )
    #expect(own.debugDescription == #"ObservationToken(InheritsTwoBools \InheritsTwoBools.isHidden [], valid)"#)
    let description = model.observationDescription
    #expect(description.contains(#"isArchived: ObservationToken for \TwoBoolsTwoStrings.isArchived []"#))
    #expect(description.contains(#"isHidden: ObservationToken for \InheritsTwoBools.isHidden []"#))
    let error = try #require(throws: KeyValueObservingError.self) {
      try model.removeObserver(ChangeRecorder(), forKeyPath: \InheritsTwoBools.isArchived)
    }
    #expect(error.description.contains(#"for the key path \InheritsTwoBools.isArchived because"#))
  }
}

/// Two `@Observed` properties of each of two types.
private class TwoBoolsTwoStrings: KeyValueObservable {
  @Observed var isPinned = false
  @Observed var isArchived = false
  @Observed var title = ""
  @Observed var subtitle = ""
}

/// Inherits ``TwoBoolsTwoStrings``' properties and adds one more `Bool`.
private final class InheritsTwoBools: TwoBoolsTwoStrings {
  @Observed var isHidden = false
}

/// A get-only computed property reading one `@Observed` property of its own type.
private final class ComputedOverOneProperty: KeyValueObservable {
  @Observed var word = "hi"
  var shout: String { word.uppercased() }
}

extension Document {
  /// A get-only computed property reading one `@Observed` property of its own type.
  fileprivate var shoutedTitle: String { title.uppercased() }
}

/// Two `@Observed` properties of one type.
private final class TwoStrings: KeyValueObservable {
  @Observed var first = "a"
  @Observed var second = "b"
}

/// Holds an optional ``NeverNamedItem``: no other test names a key path through either,
/// so nothing names their steps before this suite's tests do.
private final class NeverNamedShelf: KeyValueObservable {
  @Observed var item: NeverNamedItem?
}

/// What ``NeverNamedShelf`` holds.
private final class NeverNamedItem: KeyValueObservable {
  @Observed var label = ""
}

/// Holds an optional ``LearningItem``: a chain through it is named with the item there,
/// then without.
private final class LearningShelf: KeyValueObservable {
  @Observed var item: LearningItem?

  init(item: LearningItem?) {
    _item = Observed(wrappedValue: item)
  }
}

/// An `@Observed` property and a computed one of the same type reading it.
private final class LearningItem: KeyValueObservable {
  @Observed var label = "draft"
  var shout: String { label.uppercased() }
}

/// Holds, each `nil`, a generic class, a class with an overridable `@Observed` property and
/// a subclass that overrides it: their steps are named from the symbol table alone.
private final class SymbolShelf: KeyValueObservable {
  @Observed var box: SymbolBox<Int>?
  @Observed var base: SymbolBase?
  @Observed var overriding: SymbolOverride?
}

private final class SymbolBox<Content>: KeyValueObservable {
  @Observed var content: Content?
}

private class SymbolBase: KeyValueObservable {
  @Observed var heading = ""
}

private final class SymbolOverride: SymbolBase {
  override var heading: String {
    get { super.heading }
    set { super.heading = newValue.uppercased() }
  }
}

/// A selection, and a computed property that gives it.
private final class SelectionHolder: KeyValueObservable {
  @Observed var selected: Document?
  var current: Document? { selected }
}
