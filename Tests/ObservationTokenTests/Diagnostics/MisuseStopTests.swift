import Foundation
import ObservationToken
import Testing

/// Every stop the package makes on misuse, with the message it prints: in debug builds
/// and in release builds alike (CI runs this suite in both). Each stop names the line that
/// made the call, as `precondition` does, not a line of the package.
@Suite("Misuse stops with its message, in every build")
struct MisuseStopTests {
  @Test(
    "Observing a key path that reads no @Observed property stops at the caller's line, naming the type and the property",
    arguments: UnobservableUse.allCases
  )
  func unobservableKeyPathStops(use: UnobservableUse) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      await MainActor.run { use.call().perform() }
    }
    let message = standardError(of: result)
    let line = await MainActor.run { use.call().line }
    let subject = "\(use.keyPathText) on \(use.subjectText)"
    #expect(message.contains("\(#fileID):\(line): Fatal error: ObservationToken: \(subject) reads no @Observed"))
    #expect(message.contains("so it can never report a change"))
    #expect(message.contains("Mark the property @Observed, or observe a computed property that reads one."))
  }

  @Test(
    "An edit of a collection property out of its bounds stops at the caller's line, naming the property and, for an insertion only, the positions to insert at; nothing was changed or notified",
    arguments: InvalidEdit.allCases
  )
  func invalidEditStops(edit: InvalidEdit) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [edit] in
      let document = Document(tags: ["a", "b", "c"])
      // Any call would end this process successfully and fail the expectation.
      document.addObserver(ExitsOnChange.shared, forKeyPath: \.tags, options: [.prior])
      edit.call(on: document).perform()
    }
    let message = standardError(of: result)
    let line = edit.call(on: Document()).line
    let header = "\(#fileID):\(line): Fatal error: ObservationToken: "
    #expect(message.contains("\(header)cannot \(edit.expectedWhat) of \\Document.tags"))
    #expect(message.contains("whose valid indexes are 0..<3\(edit.expectedPositions); nothing was changed."))
    #expect(message.contains("Check the index against the collection's count first."))
  }
}

/// Standard error of an exit test's process, as text.
func standardError(of result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Each public way of observing a key path that can never report a change: a plain
/// stored `var` or a `let` of ``HasPlainStoredProperty`` (of ``MainActorPlainModel`` for
/// the forms that hand the model itself to the main actor or a queue).
enum UnobservableUse: String, CaseIterable, Codable, Sendable {
  case observePlainVar, observeLet, observeWithToken, observeRemovingDuplicates, observeChangeOnQueue,
    observeChangeOnMainActor, observeModelOnQueue, observeModelOnMainActor, addObserverPlainVar, addObserverLet,
    addObserverWithContextObject, bindPlainVar, bindToOptional, bindTransform, bindOnMainActor, valuesOfPlainVar,
    changesOfPlainVar

  var keyPathText: String {
    switch self {
    case .observeLet, .addObserverLet: #"\HasPlainStoredProperty.id"#
    case .observeModelOnQueue, .observeModelOnMainActor: #"\MainActorPlainModel.count"#
    default: #"\HasPlainStoredProperty.count"#
    }
  }

  var subjectText: String {
    switch self {
    case .observeModelOnQueue, .observeModelOnMainActor: "MainActorPlainModel"
    default: "HasPlainStoredProperty"
    }
  }

  /// The call, and the line it is written on: the line its stop must name. Each call is
  /// on the line of its `#line`.
  @MainActor
  func call() -> (line: UInt, perform: () -> Void) {
    let object = HasPlainStoredProperty()
    let model = MainActorPlainModel()
    let context = KeyValueObservingContext()
    return switch self {
    case .observePlainVar: (#line, { _ = object.observe(\.count) { _, _ in } })
    case .observeLet: (#line, { _ = object.observe(\.id) { _, _ in } })
    case .observeWithToken: (#line, { _ = object.observe(\.count) { _, _, _ in } })
    case .observeRemovingDuplicates: (#line, { _ = object.observe(\.count, removingDuplicates: true) { _, _ in } })
    case .observeChangeOnQueue: (#line, { _ = object.observe(\.count, on: DispatchQueue.main) { _ in } })
    case .observeChangeOnMainActor: (#line, { _ = object.observe(\.count, on: MainActor.shared) { _ in } })
    case .observeModelOnQueue: (#line, { _ = model.observe(\.count, on: DispatchQueue.main) { _, _ in } })
    case .observeModelOnMainActor: (#line, { _ = model.observe(\.count, on: MainActor.shared) { _, _ in } })
    case .addObserverPlainVar: (#line, { object.addObserver(ExitsOnChange.shared, forKeyPath: \.count) })
    case .addObserverLet: (#line, { object.addObserver(ExitsOnChange.shared, forKeyPath: \.id) })
    case .addObserverWithContextObject:
      (#line, { object.addObserver(ExitsOnChange.shared, forKeyPath: \.count, context: context) })
    case .bindPlainVar: (#line, { _ = object.bind(\.count, to: BindingTarget(), \.value) })
    case .bindToOptional: (#line, { _ = object.bind(\.count, to: BindingTarget(), \.optional) })
    case .bindTransform: (#line, { _ = object.bind(\.count, to: BindingTarget(), \.text) { "\($0)" } })
    case .bindOnMainActor: (#line, { _ = object.bind(\.count, to: BindingTarget(), \.value, on: MainActor.shared) })
    case .valuesOfPlainVar: (#line, { _ = object.values(of: \.count) })
    case .changesOfPlainVar: (#line, { _ = object.changes(of: \.count) })
    }
  }
}

/// A main-actor model, so `Sendable`, with a plain stored `var`.
@MainActor
final class MainActorPlainModel: KeyValueObservable {
  var count = 0
}

/// A plain object a binding sets.
private final class BindingTarget {
  var value = 0
  var optional: Int?
  var text = ""
}

/// An edit of `Document.tags` (holding three elements) with an invalid index or range.
enum InvalidEdit: String, CaseIterable, Codable, Sendable {
  case readPastEnd, replacePastEnd, insertPastEnd, insertContentsPastEnd, removePastEnd, removeNegative,
    removeSubrangePastEnd, replaceSubrangePastEnd

  /// The edit, and the line it is written on: the line its stop must name.
  func call(on document: Document) -> (line: UInt, perform: () -> Void) {
    switch self {
    case .readPastEnd: (#line, { _ = document.$tags[3] })
    case .replacePastEnd: (#line, { document.$tags[3] = "x" })
    case .insertPastEnd: (#line, { document.$tags.insert("x", at: 4) })
    case .insertContentsPastEnd: (#line, { document.$tags.insert(contentsOf: ["x"], at: 4) })
    case .removePastEnd: (#line, { document.$tags.remove(at: 3) })
    case .removeNegative: (#line, { document.$tags.remove(at: -1) })
    case .removeSubrangePastEnd: (#line, { document.$tags.removeSubrange(2..<4) })
    case .replaceSubrangePastEnd: (#line, { document.$tags.replaceSubrange(2..<4, with: ["x", "y"]) })
    }
  }

  /// The insertion positions the message lists after the valid indexes: only for an
  /// insertion, whose positions include the end.
  var expectedPositions: String {
    switch self {
    case .insertPastEnd, .insertContentsPastEnd: " (positions 0...3 to insert)"
    default: ""
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
