import ObservationToken
import Testing

/// A subscript in an observed key path: the index is fixed where the key path is written,
/// and the element is whatever the collection holds there after each change.
@Suite("Subscripts in observed key paths")
struct SubscriptKeyPathTests {
  @Test("A key path through the projection's subscript follows the element at its fixed index")
  func projectionSubscriptFollowsElement() {
    let document = Document(tags: ["a", "b", "c"])
    var calls: [TokenCall] = []
    let token = document.observe(\.$tags[1]) { _, change in calls.append(TokenCall(change)) }
    document.$tags.insert("z", at: 0)
    document.tags[1] = "q"
    document.$tags.append("d")
    #expect(calls == [TokenCall(old: "b", new: "a"), TokenCall(old: "a", new: "q"), TokenCall(old: "q", new: "q")])
    withExtendedLifetime(token) {}
  }

  @Test("A key path through the projection's subscript and on to an element's property follows both")
  func projectionSubscriptChain() {
    let first = Document(title: "First")
    let notebook = Notebook(documents: [first])
    var calls: [TokenCall] = []
    let token = notebook.observe(\.$documents[0].title) { _, change in calls.append(TokenCall(change)) }
    first.title = "First, edited"
    notebook.$documents.insert(Document(title: "Second"), at: 0)
    first.title = "No longer observed"
    #expect(calls == [TokenCall(old: "First", new: "First, edited"), TokenCall(old: "First, edited", new: "Second")])
    withExtendedLifetime(token) {}
  }

  @Test(
    "In a class that opts in to Swift Observation, a key path through the projection is observed once the property was read"
  )
  func projectionSubscriptInBridgedClass() {
    let settings = BridgedSettings()
    settings.tags = ["a", "b"]
    _ = settings.tags
    var calls: [TokenCall] = []
    let token = settings.observe(\.$tags[0]) { _, change in calls.append(TokenCall(change)) }
    settings.$tags.insert("z", at: 0)
    #expect(calls == [TokenCall(old: "a", new: "z")])
    withExtendedLifetime(token) {}
  }

  @Test("Key paths through the projection's subscript are equal when their indexes are, wherever written")
  func projectionSubscriptKeyPathEquality() {
    let first = \Document.$tags[0]
    let again = \Document.$tags[0]
    #expect(first == again)
    #expect(first.hashValue == again.hashValue)
    #expect(first != \Document.$tags[1])
  }

  @Test("A key path through an array's own subscript follows the element at its fixed index")
  func arraySubscriptFollowsElement() {
    let document = Document(tags: ["a", "b", "c"])
    var calls: [TokenCall] = []
    let token = document.observe(\.tags[1]) { _, change in calls.append(TokenCall(change)) }
    document.$tags.remove(at: 0)
    #expect(calls == [TokenCall(old: "b", new: "c")])
    withExtendedLifetime(token) {}
  }
}

/// Reads a short array, then returns a longer one: a subscript through `longer` is checked
/// against the array it returns, never the one it read on the way.
private final class TwoLists: KeyValueObservable {
  @Observed var short = ["a"]
  @Observed var long = ["x", "y", "z"]
  var longer: [String] { short.count > long.count ? short : long }
}

@Suite("Subscripts through a computed property's array")
struct ComputedArraySubscriptTests {
  @Test("A subscript through a computed property is not stopped for a shorter array it read on the way")
  func computedArrayIsNotCheckedAgainstWhatItRead() {
    let lists = TwoLists()
    var calls: [TokenCall] = []
    let token = lists.observe(\.longer[2], options: .initial) { _, change in calls.append(TokenCall(change)) }
    lists.long = ["p", "q", "r", "s"]
    #expect(calls == [TokenCall(old: nil, new: "z"), TokenCall(old: "z", new: "r")])
    withExtendedLifetime(token) {}
  }
}
