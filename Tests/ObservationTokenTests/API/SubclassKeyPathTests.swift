import ObservationToken
import Testing

/// Declares the observed properties a subclass inherits.
class APIBaseModel: KeyValueObservable {
  @Observed var name = ""
  @Observed var items: [Int] = []
}

/// Key paths written with this root (`\APISubModel.name`) name properties declared in
/// the superclass.
final class APISubModel: APIBaseModel {
  @Observed var detail = "detail"
}

@Suite("Subclass-rooted key paths")
struct SubclassKeyPathTests {
  @Test("An inherited property observed through the subclass delivers old and new")
  func inheritedPropertyDeliversOldAndNew() throws {
    let model = APISubModel()
    model.name = "Draft"
    var changes: [ObservedChange<String>] = []
    let token = model.observe(\.name) { _, change in changes.append(change) }
    model.name = "Final"
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.kind == .setting)
    #expect(change.oldValue == "Draft")
    #expect(change.newValue == "Final")
    #expect(!change.isPrior)
    withExtendedLifetime(token) {}
  }

  @Test("The handler receives the subclass instance")
  func handlerReceivesSubclassInstance() {
    let model = APISubModel()
    var subjects: [APISubModel] = []
    let token = model.observe(\.name) { subject, _ in subjects.append(subject) }
    model.name = "Draft"
    #expect(subjects.count == 1)
    #expect(subjects.first === model)
    withExtendedLifetime(token) {}
  }

  @Test(".initial and .prior work through a subclass root")
  func initialAndPrior() {
    let model = APISubModel()
    model.name = "Draft"
    var calls: [TokenCall] = []
    let token = model.observe(\.name, options: [.initial, .prior]) { _, change in calls.append(TokenCall(change)) }
    model.name = "Final"
    #expect(
      calls == [
        TokenCall(new: "Draft"),
        TokenCall(old: "Draft", isPrior: true),
        TokenCall(old: "Draft", new: "Final"),
      ]
    )
    withExtendedLifetime(token) {}
  }

  @Test("Collection changes through a subclass root keep their kind, indexes and elements")
  func collectionChangeThroughSubclassRoot() throws {
    let model = APISubModel()
    model.items = [1, 2]
    var changes: [ObservedChange<[Int]>] = []
    let token = model.observe(\.items) { _, change in changes.append(change) }
    model.$items.append(3)
    model.$items.remove(at: 0)
    try #require(changes.count == 2)
    #expect(changes[0].kind == .insertion)
    #expect(changes[0].indexes == RangeSet(2..<3))
    #expect(changes[0].newValue == [3])
    #expect(changes[1].kind == .removal)
    #expect(changes[1].indexes == RangeSet(0..<1))
    #expect(changes[1].oldValue == [1])
    withExtendedLifetime(token) {}
  }

  @Test("Tokens through the superclass root and the subclass root on one object are independent")
  func baseAndSubclassRootsIndependent() {
    let model = APISubModel()
    var baseCalls = 0
    var subCalls = 0
    let base = (model as APIBaseModel).observe(\.name) { _, _ in baseCalls += 1 }
    let sub = model.observe(\.name) { _, _ in subCalls += 1 }
    model.name = "Draft"
    #expect(baseCalls == 1)
    #expect(subCalls == 1)
    sub.invalidate()
    model.name = "Final"
    #expect(baseCalls == 2)
    #expect(subCalls == 1)
    withExtendedLifetime(base) {}
  }

  @Test("A subclass's own property and its inherited ones notify separately")
  func ownAndInheritedProperties() {
    let model = APISubModel()
    var names = 0
    var details = 0
    let tokens = [
      model.observe(\.name) { _, _ in names += 1 },
      model.observe(\.detail) { _, _ in details += 1 },
    ]
    model.detail = "more"
    #expect(names == 0)
    #expect(details == 1)
    model.name = "Draft"
    #expect(names == 1)
    #expect(details == 1)
    withExtendedLifetime(tokens) {}
  }
}
