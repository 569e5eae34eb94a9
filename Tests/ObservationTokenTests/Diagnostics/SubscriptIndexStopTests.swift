import ObservationToken
import Testing

/// A key path through a collection's subscript whose fixed index is out of range when the
/// observation evaluates it stops at the line the key path was written on, naming the key
/// path, the index and the count — at `observe`, and after a change that shrinks the
/// collection. In debug and release builds alike (CI runs this suite in both).
@Suite("An observed subscript's index out of range stops with its message, in every build")
struct SubscriptIndexStopTests {
  @Test("Observing an index past the end stops at the caller's line, naming the key path, the index and the count")
  func observingPastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let document = Document(tags: ["a", "b", "c"])
      _ = document.observe(\.$tags[5]) { _, _ in }
    }
    let message = standardError(of: result)
    let line = #line - 5  // the line of `observe`
    #expect(
      message.contains(
        "\(#fileID):\(line): Fatal error: ObservationToken: the observed key path written here reads \\Document.$tags[5], but \\Document.tags has 3 elements: its valid indexes are 0..<3."
      ))
    #expect(message.contains("a key path's index is fixed when it is written"))
  }

  @Test("A change that empties the collection stops, naming the line the observation's key path was written on")
  func shrinkingBelowTheIndexStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let notebook = Notebook(documents: [Document(title: "First")])
      let token = notebook.observe(\.$documents[0].title) { _, _ in }
      notebook.documents = []
      withExtendedLifetime(token) {}
    }
    let message = standardError(of: result)
    let line = #line - 7  // the line of `observe`
    #expect(
      message.contains(
        "\(#fileID):\(line): Fatal error: ObservationToken: the observed key path written here reads \\Notebook.$documents[0], but \\Notebook.documents has 0 elements: it is empty."
      ))
  }

  @Test(
    "Observing past the end through the array's own subscript stops at the caller's line, naming the key path, the index and the count"
  )
  func observingPastTheEndThroughArraySubscriptStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let document = Document(tags: ["a", "b", "c"])
      _ = document.observe(\.tags[5]) { _, _ in }
    }
    let message = standardError(of: result)
    let line = #line - 5  // the line of `observe`
    #expect(
      message.contains(
        "\(#fileID):\(line): Fatal error: ObservationToken: \\Document.tags[5] on Document reads \\Document.tags[5], but \\Document.tags has 3 elements: its valid indexes are 0..<3."
      ))
    #expect(message.contains("a key path's index is fixed when it is written"))
    #expect(!message.contains("Index out of range"))
  }

  @Test("A change that empties the array under its own subscript stops, naming where the observation was made")
  func shrinkingBelowTheArraySubscriptStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let notebook = Notebook(documents: [Document(title: "First")])
      let token = notebook.observe(\.documents[0].title) { _, _ in }
      notebook.documents = []
      withExtendedLifetime(token) {}
    }
    let message = standardError(of: result)
    let line = #line - 7  // the line of `observe`
    #expect(
      message.contains(
        "Fatal error: ObservationToken: \\Notebook.documents[0].title on Notebook, observed at \(#fileID):\(line), reads \\Notebook.documents[0], but \\Notebook.documents has 0 elements: it is empty."
      ))
    #expect(!message.contains("Index out of range"))
  }

  @Test("A negative index through the array's own subscript stops as well, after a chain's steps")
  func negativeArraySubscriptStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let cell = DocumentCell(document: Document(tags: ["a"]))
      _ = cell.observe(\.document?.tags[-1]) { _, _ in }
    }
    let message = standardError(of: result)
    let line = #line - 5  // the line of `observe`
    #expect(
      message.contains(
        "\(#fileID):\(line): Fatal error: ObservationToken: \\DocumentCell.document?.tags[-1]? on DocumentCell reads \\Document.tags[-1], but \\Document.tags has 1 element: its valid indexes are 0..<1."
      ))
  }

  @Test("A plain read past the end through the projection still stops as an edit does, at the caller's line")
  func plainReadPastTheEndStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let document = Document(tags: ["a"])
      _ = document.$tags[1]
    }
    let message = standardError(of: result)
    let line = #line - 5  // the line of the read
    #expect(
      message.contains(
        "\(#fileID):\(line): Fatal error: ObservationToken: cannot read at index 1 of \\Document.tags, whose valid indexes are 0..<1; nothing was changed."
      ))
  }

  @Test(
    "A computed property whose getter first reads a shorter array of its type is not stopped for an index its own array has"
  )
  func computedArrayOverAShorterOneIsNotStopped() async {
    await #expect(processExitsWith: .success) {
      let shelf = PinnedShelf(pinned: [Document(title: "Pinned")], items: [Document(title: "A"), Document(title: "B")])
      var titles: [String] = []
      // `all[2]` is `items[1]`; `pinned`, read first, has one element.
      let token = shelf.observe(\.all[2].title, options: [.initial]) { _, change in titles.append(change.newValue ?? "")
      }
      shelf.items[1].title = "B, renamed"
      withExtendedLifetime(token) {}
      precondition(titles == ["B", "B, renamed"], "delivered \(titles)")
    }
  }
}

/// Pinned documents before the rest, with a computed property over both that can be set.
final class PinnedShelf: KeyValueObservable {
  @Observed var pinned: [Document]
  @Observed var items: [Document]
  var all: [Document] {
    get { pinned + items }
    set {
      pinned = Array(newValue.prefix(pinned.count))
      items = Array(newValue.dropFirst(pinned.count))
    }
  }

  init(pinned: [Document], items: [Document]) {
    _pinned = Observed(wrappedValue: pinned)
    _items = Observed(wrappedValue: items)
  }
}
