import Foundation
import ObservationToken
import Testing

/// A document whose computed properties read `title` and, at their first evaluation,
/// return it unchanged: a key path ending in one of them is not `title` itself, though
/// its value is `title`'s very value until `title` is empty.
final class PlaceholderDocument: KeyValueObservable, @unchecked Sendable {
  @Observed var title: String
  @Observed var fallback = ""

  /// Reads only `title`; "Untitled" while it is empty.
  var titleOrUntitled: String { title.isEmpty ? "Untitled" : title }
  /// Reads `title`, and `fallback` only while `title` is empty.
  var titleOrFallback: String { title.isEmpty ? fallback : title }

  init(title: String) {
    _title = Observed(wrappedValue: title)
  }
}

/// Holds a replaceable ``PlaceholderDocument``: the root of chains ending in its properties.
final class PlaceholderCell: KeyValueObservable, @unchecked Sendable {
  @Observed var document: PlaceholderDocument?

  init(document: PlaceholderDocument?) {
    _document = Observed(wrappedValue: document)
  }
}

/// What a chain reports when the property at its end changes. Each test would fail if that
/// change's own old and new values were passed on as the chain's without evaluating it:
/// the step at the end is a computed property rather than the property, the change makes
/// the evaluation read another property, or the chain no longer reaches the object.
@Suite("A chain's leaf change")
struct ChainLeafChangeTests {
  @Test("A chain ending in a computed step reports the step's value, not the value of the property it reads")
  func computedLastStep() {
    let cell = PlaceholderCell(document: PlaceholderDocument(title: "Draft"))
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.titleOrUntitled) { _, change in calls.append(TokenCall(change)) }
    cell.document?.title = ""
    cell.document?.title = "Final"
    #expect(calls == [TokenCall(old: "Draft", new: "Untitled"), TokenCall(old: "Untitled", new: "Final")])
    withExtendedLifetime(token) {}
  }

  @Test("A chain ending in the property itself reports the property's values")
  func propertyLastStep() {
    let cell = PlaceholderCell(document: PlaceholderDocument(title: "Draft"))
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title) { _, change in calls.append(TokenCall(change)) }
    cell.document?.title = ""
    cell.document?.title = "Final"
    #expect(calls == [TokenCall(old: "Draft", new: ""), TokenCall(old: "", new: "Final")])
    withExtendedLifetime(token) {}
  }

  @Test("A computed property that reads one property reports its own value, not that property's")
  func derivedFromOneProperty() {
    let document = PlaceholderDocument(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.titleOrUntitled) { _, change in calls.append(TokenCall(change)) }
    document.title = ""
    #expect(calls == [TokenCall(old: "Draft", new: "Untitled")])
    withExtendedLifetime(token) {}
  }

  @Test("A leaf change that makes the chain's last step read another property starts observing it")
  func leafChangeDiscoversDependency() {
    let cell = PlaceholderCell(document: PlaceholderDocument(title: "Draft"))
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.titleOrFallback) { _, change in calls.append(TokenCall(change)) }
    cell.document?.title = ""
    cell.document?.fallback = "Fallback"
    #expect(calls == [TokenCall(old: "Draft", new: ""), TokenCall(old: "", new: "Fallback")])
    withExtendedLifetime(token) {}
  }

  @Test("A leaf change made by a handler of the intermediate's replacement reports the new object's value")
  func leafChangeDuringReplacement() {
    let first = PlaceholderDocument(title: "First")
    let second = PlaceholderDocument(title: "Second")
    let cell = PlaceholderCell(document: first)
    // Registered first, so it runs before the chain hears of the replacement.
    let editor = cell.observe(\.document) { _, _ in first.title = "First, edited late" }
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title) { _, change in calls.append(TokenCall(change)) }
    cell.document = second
    #expect(!calls.isEmpty)
    #expect(!calls.contains { $0.newValue == "First, edited late" })
    #expect(calls.first?.oldValue == "First")
    #expect(calls.last?.newValue == "Second")
    #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.newValue == $1.oldValue })
    first.title = "First, edited after"
    #expect(calls.last?.newValue == "Second")
    withExtendedLifetime((editor, token)) {}
  }

  @Test(
    "Leaf changes and replacements of the intermediate on two threads: each change is the chain's value, continuing the one before"
  )
  func leafChangesWhileReplacingOnAnotherThread() async {
    let documents = [PlaceholderDocument(title: "A"), PlaceholderDocument(title: "B")]
    let cell = PlaceholderCell(document: documents[0])
    // The caller's synchronization of the models: every set, with its delivery, under it.
    let models = NSLock()
    let calls = LockedValue<[TokenCall]>([])
    let mismatches = LockedValue(0)
    let token = cell.observe(\.document?.title) { cell, change in
      // Runs inside a set, so under `models`.
      if change.newValue != cell.document?.title { mismatches.withLock { $0 += 1 } }
      calls.withLock { $0.append(TokenCall(change)) }
    }
    let rounds = 2_000
    let finished = await runOnThreads(2) { thread in
      for round in 0..<rounds {
        models.lock()
        if thread == 0 {
          documents[round % 2].title = "\(round % 2 == 0 ? "A" : "B") \(round)"
        } else {
          cell.document = documents[(round / 3) % 2]
        }
        models.unlock()
      }
    }
    #expect(finished)
    let recorded = calls.withLock { $0 }
    #expect(mismatches.withLock { $0 } == 0)
    #expect(recorded.count >= rounds)
    #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0.newValue == $1.oldValue })
    #expect(recorded.last?.newValue == cell.document?.title)
    withExtendedLifetime(token) {}
  }
}
