import ObservationToken
import Testing

/// A cell showing a document: bindings write its plain properties.
final class APIBoundCell: KeyValueObservable {
  @Observed var document: Document?
  var titleText = ""
  var isFavoriteSelected = false
  var starText = ""
  var tagsText = ""
  var headline: String?

  init(document: Document? = nil) {
    _document = Observed(wrappedValue: document)
  }
}

/// A value type without `Equatable`: only the loop guard, not equality, can stop two
/// bindings of it in opposite directions.
struct APIPayload {
  var text: String
}

/// Holds an observable non-`Equatable` value, and counts how often it is set through an
/// observation of its own.
final class APIPayloadHolder: KeyValueObservable {
  @Observed var payload: APIPayload
  private(set) var setCount = 0
  private var counter: ObservationToken?

  init(_ text: String) {
    _payload = Observed(wrappedValue: APIPayload(text: text))
    counter = observe(\.payload) { [weak self] _, _ in self?.setCount += 1 }
  }

  func resetCount() {
    setCount = 0
  }
}

/// A label whose text is optional, as `UILabel.text` is; observable, so a test can count
/// its sets.
final class APILabel: KeyValueObservable {
  @Observed var text: String?
  var payload: APIPayload?
}

/// Counts how often a document's title is set, through an observation of its own.
final class APITitleSetCounter {
  private(set) var count = 0
  private var token: ObservationToken?

  init(_ document: Document) {
    token = document.observe(\.title) { [weak self] _, _ in self?.count += 1 }
  }

  func reset() {
    count = 0
  }
}

@Suite("Bindings")
struct BindingTests {
  @Test("bind applies the current value at once")
  func appliesCurrentValue() {
    let document = Document(title: "Draft")
    let cell = APIBoundCell()
    let token = document.bind(\.title, to: cell, \.titleText)
    #expect(cell.titleText == "Draft")
    #expect(token.isValid)
  }

  @Test("bind applies each change")
  func appliesEachChange() {
    let document = Document()
    let cell = APIBoundCell()
    var bag = ObservationBag()
    document.bind(\.title, to: cell, \.titleText).store(in: &bag)
    document.bind(\.isFavorite, to: cell, \.isFavoriteSelected).store(in: &bag)
    document.title = "Draft"
    #expect(cell.titleText == "Draft")
    document.isFavorite = true
    #expect(cell.isFavoriteSelected)
    document.title = "Final"
    document.isFavorite = false
    #expect(cell.titleText == "Final")
    #expect(!cell.isFavoriteSelected)
  }

  @Test("bind with a transform applies the transformed value, at once and on each change")
  func transformForm() {
    let document = Document()
    let cell = APIBoundCell()
    let token = document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }
    #expect(cell.starText == "☆")
    document.isFavorite = true
    #expect(cell.starText == "★")
    document.isFavorite = false
    #expect(cell.starText == "☆")
    withExtendedLifetime(token) {}
  }

  @Test("bind with a transform to a non-Equatable target value applies each change")
  func transformToNonEquatable() {
    let document = Document(title: "Draft")
    let holder = APIPayloadHolder("")
    let token = document.bind(\.title, to: holder, \.payload) { APIPayload(text: $0) }
    #expect(holder.payload.text == "Draft")
    document.title = "Final"
    #expect(holder.payload.text == "Final")
    withExtendedLifetime(token) {}
  }

  @Test("A value binds to an optional property of the same type, at once and on each change")
  func optionalTarget() {
    let document = Document(title: "Draft")
    let label = APILabel()
    let token = document.bind(\.title, to: label, \.text)
    #expect(label.text == "Draft")
    document.title = "Final"
    #expect(label.text == "Final")
    withExtendedLifetime(token) {}
  }

  @Test("A non-Equatable value binds to an optional property of the same type")
  func optionalNonEquatableTarget() {
    let holder = APIPayloadHolder("Draft")
    let label = APILabel()
    let token = holder.bind(\.payload, to: label, \.payload)
    #expect(label.payload?.text == "Draft")
    holder.payload = APIPayload(text: "Final")
    #expect(label.payload?.text == "Final")
    withExtendedLifetime(token) {}
  }

  @Test("An optional target is not written again with an equal value")
  func optionalTargetEqualValueNotRewritten() {
    let document = Document(title: "Draft")
    let label = APILabel()
    var sets = 0
    let counter = label.observe(\.text) { _, _ in sets += 1 }
    let token = document.bind(\.title, to: label, \.text)
    #expect(sets == 1)
    document.title = "Draft"
    #expect(sets == 1)
    document.title = "Final"
    #expect(label.text == "Final")
    #expect(sets == 2)
    withExtendedLifetime((counter, token)) {}
  }

  @Test("Binding a collection applies the whole collection after in-place changes")
  func collectionBinding() {
    let document = Document(tags: ["a"])
    let cell = APIBoundCell()
    let token = document.bind(\.tags, to: cell, \.tagsText) { $0.joined(separator: ",") }
    #expect(cell.tagsText == "a")
    document.$tags.append("b")
    #expect(cell.tagsText == "a,b")
    document.$tags.insert("c", at: 0)
    #expect(cell.tagsText == "c,a,b")
    document.$tags.remove(at: 1)
    #expect(cell.tagsText == "c,b")
    document.$tags[0] = "d"
    #expect(cell.tagsText == "d,b")
    document.tags = []
    #expect(cell.tagsText == "")
    withExtendedLifetime(token) {}
  }

  @Test("Binding a chain follows the replacement of the intermediate object")
  func chainBinding() {
    let first = Document(title: "First")
    let source = APIBoundCell(document: first)
    let target = APIBoundCell()
    let token = source.bind(\.document?.title, to: target, \.headline)
    #expect(target.headline == "First")
    source.document = Document(title: "Second")
    #expect(target.headline == "Second")
    first.title = "First, edited"
    #expect(target.headline == "Second")
    source.document = nil
    #expect(target.headline == nil)
    withExtendedLifetime(token) {}
  }

  @Test("Binding a derived property applies its computed value")
  func derivedBinding() {
    let document = Document(title: "Draft")
    let cell = APIBoundCell()
    let token = document.bind(\.displayTitle, to: cell, \.titleText)
    #expect(cell.titleText == "Draft")
    document.isFavorite = true
    #expect(cell.titleText == "★ Draft")
    withExtendedLifetime(token) {}
  }

  @Test("Releasing the binding's token stops updates")
  func releasingTokenStopsUpdates() {
    let document = Document(title: "Draft")
    let cell = APIBoundCell()
    var token: ObservationToken? = document.bind(\.title, to: cell, \.titleText)
    #expect(token != nil)
    token = nil
    document.title = "Final"
    #expect(cell.titleText == "Draft")
  }

  @Test("invalidate() stops a binding's updates")
  func invalidateStopsUpdates() {
    let document = Document(title: "Draft")
    let cell = APIBoundCell()
    let token = document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }
    token.invalidate()
    #expect(!token.isValid)
    document.isFavorite = true
    #expect(cell.starText == "☆")
  }

  @Test("The target is held weakly: once it is released the token is invalid and later changes are harmless")
  func targetHeldWeakly() {
    let document = Document(title: "Draft")
    weak var weakCell: APIBoundCell?
    let token: ObservationToken
    do {
      let cell = APIBoundCell()
      weakCell = cell
      token = document.bind(\.title, to: cell, \.titleText)
      #expect(token.isValid)
      #expect(cell.titleText == "Draft")
    }
    #expect(weakCell == nil)
    #expect(!token.isValid)
    document.title = "Final"
    document.title = "Final, again"
    #expect(!token.isValid)
  }

  @Test("The source is held weakly: once it is released the token is invalid")
  func sourceHeldWeakly() {
    let cell = APIBoundCell()
    weak var weakDocument: Document?
    let token: ObservationToken
    do {
      let document = Document(title: "Draft")
      weakDocument = document
      token = document.bind(\.title, to: cell, \.titleText)
    }
    #expect(weakDocument == nil)
    #expect(!token.isValid)
    #expect(cell.titleText == "Draft")
  }

  @Test("An Equatable target is not written again with an equal value")
  func equalValueNotRewritten() {
    let source = Document(title: "draft")
    let target = Document()
    let targetSets = APITitleSetCounter(target)
    let token = source.bind(\.title, to: target, \.title) { $0.uppercased() }
    #expect(target.title == "DRAFT")
    #expect(targetSets.count == 1)
    source.title = "Draft"
    #expect(targetSets.count == 1)
    source.title = "final"
    #expect(target.title == "FINAL")
    #expect(targetSets.count == 2)
    withExtendedLifetime(token) {}
  }

  @Test("Bindings in both directions between two objects settle instead of looping (Equatable values)")
  func twoWayEquatable() {
    let a = Document(title: "A")
    let b = Document(title: "B")
    let aSets = APITitleSetCounter(a)
    let bSets = APITitleSetCounter(b)
    var bag = ObservationBag()
    a.bind(\.title, to: b, \.title).store(in: &bag)
    b.bind(\.title, to: a, \.title).store(in: &bag)
    #expect(a.title == "A")
    #expect(b.title == "A")
    for (source, value) in [(a, "ping"), (b, "pong"), (a, "ping again")] {
      aSets.reset()
      bSets.reset()
      source.title = value
      #expect(a.title == value)
      #expect(b.title == value)
      #expect(aSets.count == 1)
      #expect(bSets.count == 1)
    }
  }

  @Test("Bindings in both directions settle for a non-Equatable value: the loop guard stops them")
  func twoWayNonEquatable() {
    let a = APIPayloadHolder("A")
    let b = APIPayloadHolder("B")
    var bag = ObservationBag()
    a.bind(\.payload, to: b, \.payload).store(in: &bag)
    b.bind(\.payload, to: a, \.payload).store(in: &bag)
    #expect(a.payload.text == "A")
    #expect(b.payload.text == "A")
    for (source, text) in [(a, "ping"), (b, "pong")] {
      a.resetCount()
      b.resetCount()
      source.payload = APIPayload(text: text)
      #expect(a.payload.text == text)
      #expect(b.payload.text == text)
      // The sets on each side are finite and few: the change, then at most one echo.
      #expect((1...2).contains(a.setCount))
      #expect((1...2).contains(b.setCount))
    }
  }

  @Test("A cycle of bindings through three objects settles for a non-Equatable value")
  func threeWayCycleNonEquatable() {
    let holders = [APIPayloadHolder("A"), APIPayloadHolder("B"), APIPayloadHolder("C")]
    var bag = ObservationBag()
    for index in holders.indices {
      holders[index].bind(\.payload, to: holders[(index + 1) % 3], \.payload).store(in: &bag)
    }
    for holder in holders { holder.resetCount() }
    holders[1].payload = APIPayload(text: "ping")
    #expect(holders.map(\.payload.text) == ["ping", "ping", "ping"])
    #expect(holders.allSatisfy { (1...2).contains($0.setCount) })
  }
}
