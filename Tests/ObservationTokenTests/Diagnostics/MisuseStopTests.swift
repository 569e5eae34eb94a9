import Foundation
import ObservationToken
import Testing

/// Every stop the package makes on misuse, with the message it prints: in debug builds
/// and in release builds alike (CI runs this suite in both).
@Suite("Misuse stops with its message, in every build")
struct MisuseStopTests {
  @Test(
    "Observing a key path that reads no @Observed property stops, naming the type and the property",
    arguments: UnobservableUse.allCases
  )
  func unobservableKeyPathStops(use: UnobservableUse) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      use.perform(on: HasPlainStoredProperty())
    }
    let message = standardError(of: result)
    let subject = "\(use.keyPathText) on HasPlainStoredProperty"
    #expect(message.contains("ObservationToken: \(subject) reads no @Observed property"))
    #expect(message.contains("so it can never report a change"))
    #expect(message.contains("Mark the property @Observed, or observe a computed property that reads one."))
  }

  @Test(
    "An edit of a collection property out of its bounds stops, naming the property; nothing was changed or notified",
    arguments: InvalidEdit.allCases
  )
  func invalidEditStops(edit: InvalidEdit) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [edit] in
      let document = Document(tags: ["a", "b", "c"])
      // Any call would end this process successfully and fail the expectation.
      document.addObserver(ExitsOnChange.shared, forKeyPath: \.tags, options: [.prior])
      edit.perform(on: document)
    }
    let message = standardError(of: result)
    #expect(message.contains("ObservationToken: cannot \(edit.expectedWhat) of \\Document.tags"))
    #expect(message.contains("whose valid indexes are 0..<3 (positions 0...3 to insert); nothing was changed."))
    #expect(message.contains("Check the index against the collection's count first."))
  }
}

/// Standard error of an exit test's process, as text.
func standardError(of result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Each way of observing a key path that can never report a change: a plain stored
/// `var` or a `let` of ``HasPlainStoredProperty``.
enum UnobservableUse: String, CaseIterable, Codable, Sendable {
  case observePlainVar, observeLet, observePlainVarOnQueue, addObserverPlainVar, addObserverLet, bindPlainVar,
    valuesOfPlainVar, changesOfPlainVar

  var keyPathText: String {
    switch self {
    case .observeLet, .addObserverLet: #"\HasPlainStoredProperty.id"#
    default: #"\HasPlainStoredProperty.count"#
    }
  }

  func perform(on object: HasPlainStoredProperty) {
    switch self {
    case .observePlainVar: _ = object.observe(\.count) { _, _ in }
    case .observeLet: _ = object.observe(\.id) { _, _ in }
    case .observePlainVarOnQueue: _ = object.observe(\.count, on: DispatchQueue.main) { _ in }
    case .addObserverPlainVar: object.addObserver(ExitsOnChange.shared, forKeyPath: \.count)
    case .addObserverLet: object.addObserver(ExitsOnChange.shared, forKeyPath: \.id)
    case .bindPlainVar: _ = object.bind(\.count, to: BindingTarget(), \.value)
    case .valuesOfPlainVar: _ = object.values(of: \.count)
    case .changesOfPlainVar: _ = object.changes(of: \.count)
    }
  }
}

/// A plain object a binding sets.
private final class BindingTarget {
  var value = 0
}

/// An edit of `Document.tags` (holding three elements) with an invalid index or range.
enum InvalidEdit: String, CaseIterable, Codable, Sendable {
  case readPastEnd, replacePastEnd, insertPastEnd, insertContentsPastEnd, removePastEnd, removeNegative,
    removeSubrangePastEnd, replaceSubrangePastEnd

  func perform(on document: Document) {
    switch self {
    case .readPastEnd: _ = document.$tags[3]
    case .replacePastEnd: document.$tags[3] = "x"
    case .insertPastEnd: document.$tags.insert("x", at: 4)
    case .insertContentsPastEnd: document.$tags.insert(contentsOf: ["x"], at: 4)
    case .removePastEnd: document.$tags.remove(at: 3)
    case .removeNegative: document.$tags.remove(at: -1)
    case .removeSubrangePastEnd: document.$tags.removeSubrange(2..<4)
    case .replaceSubrangePastEnd: document.$tags.replaceSubrange(2..<4, with: ["x", "y"])
    }
  }

  /// What the message says was attempted.
  var expectedWhat: String {
    switch self {
    case .readPastEnd: "read at index 3"
    case .replacePastEnd: "replace at index 3"
    case .insertPastEnd, .insertContentsPastEnd: "insert at position 4"
    case .removePastEnd: "remove at index 3"
    case .removeNegative: "remove at index -1"
    case .removeSubrangePastEnd: "remove the range 2..<4"
    case .replaceSubrangePastEnd: "replace the range 2..<4"
    }
  }
}

/// Ends the process successfully on any call: inside an exit test that expects a
/// failure, a notification made before the stop fails the test.
final class ExitsOnChange: KeyValueObserving, Sendable {
  static let shared = ExitsOnChange()

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    exit(EXIT_SUCCESS)
  }
}
