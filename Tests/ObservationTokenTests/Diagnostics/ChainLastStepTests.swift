import ObservationToken
import Testing

/// A chain whose last step reads no `@Observed` property would follow only the objects
/// before it: it stops like a plain `var`, naming the step, as soon as that can be told.
@Suite("A chain's last step must read an @Observed property")
struct ChainLastStepTests {
  @Test(
    "A chain ending in a plain var stops, naming the key path, the step and where it was observed",
    arguments: UnobservedLastStep.allCases
  )
  func plainLastStepStops(use: UnobservedLastStep) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      use.perform()
    }
    let message = standardError(of: result)
    let line = use.observation(of: NotesCell()).line
    if use.isDecidedWhenObserved {
      // Stopped inside `observe`: at the caller's line, as a precondition is.
      #expect(message.contains("\(#fileID):\(line): Fatal error: ObservationToken: "))
      #expect(message.contains("\(use.keyPathText)ends in \(use.stepText), which reads no @Observed property"))
    } else {
      // Stopped by the set that gave the chain its object: the message names the observation.
      let observed = "\(use.keyPathText.dropLast()), observed at \(#fileID):\(line), "
      #expect(message.contains("\(observed)ends in \(use.stepText), which reads no @Observed property"))
    }
    #expect(message.contains("never a change of \(use.stepText). Mark the property @Observed"))
    #expect(
      message.contains("for a value that never changes (a let), observe the key path up to the NotesDocument instead.")
    )
  }

  @Test("A chain ending in a computed property that reads an @Observed one reports its changes")
  func computedLastStepWorks() {
    let cell = NotesCell(document: NotesDocument())
    var values: [String?] = []
    let token = cell.observe(\.document?.shout) { _, change in values.append(change.newValue ?? nil) }
    cell.document?.title = "final"
    #expect(values == ["FINAL"])
    withExtendedLifetime(token) {}
  }

  @Test("A chain whose object is nil when observed follows the object set later")
  func nilIntermediateWorks() {
    let cell = NotesCell()
    var values: [String?] = []
    let token = cell.observe(\.document?.title) { _, change in values.append(change.newValue ?? nil) }
    cell.document = NotesDocument()
    cell.document?.title = "Final"
    #expect(values == ["Draft", "Final"])
    withExtendedLifetime(token) {}
  }

  @Test("A computed property that reads an object but not from it is no chain, and reports its changes")
  func propertyOfTheObjectItselfWorks() {
    let cell = NotesCell(document: NotesDocument())
    var values: [String] = []
    let hasDocument = cell.observe(\.hasDocument) { _, change in values.append("\(change.newValue!)") }
    let described = cell.observe(\.hasDocument.description) { _, change in values.append(change.newValue!) }
    cell.document = nil
    #expect(values == ["false", "false"])
    withExtendedLifetime((hasDocument, described)) {}
  }
}

/// Each chain whose last step, on a `NotesDocument`, reads no `@Observed` property.
enum UnobservedLastStep: String, CaseIterable, Codable, Sendable {
  /// `\.document?.notes`, the document there when observed.
  case plainVar
  /// The same, the document set only after observing: decided then.
  case plainVarOfObjectSetLater
  /// A computed property that reads only a plain var.
  case computedReadingPlainVar
  /// A computed property giving the document, then its plain var.
  case plainVarThroughComputedObject
  /// `\.document?.id`, a `let`: stopped as a `let` at the start of a key path is.
  case letConstant

  /// The key path, as the message names it (the runtime prints a chain's optional result
  /// with a `?`). A computed property passing on an `@Observed` one's object is named as
  /// that property: the message then names only the step.
  var keyPathText: String {
    switch self {
    case .plainVar, .plainVarOfObjectSetLater: #"\NotesCell.document?.notes? on NotesCell "#
    case .computedReadingPlainVar: #"\NotesCell.document?.<computed (Int)>? on NotesCell "#
    case .plainVarThroughComputedObject: ""
    case .letConstant: #"\NotesCell.document?.id? on NotesCell "#
    }
  }

  var stepText: String {
    switch self {
    case .computedReadingPlainVar: #"\NotesDocument.<computed (Int)>"#
    case .letConstant: #"\NotesDocument.id"#
    default: #"\NotesDocument.notes"#
    }
  }

  /// Whether the chain's object is there when observed, so `observe` itself stops.
  var isDecidedWhenObserved: Bool { self != .plainVarOfObjectSetLater }

  /// The observation, and the line it is written on: the line its stop must name.
  func observation(of cell: NotesCell) -> (line: UInt, observe: () -> ObservationToken) {
    switch self {
    case .plainVar, .plainVarOfObjectSetLater: (#line, { cell.observe(\.document?.notes) { _, _ in } })
    case .computedReadingPlainVar: (#line, { cell.observe(\.document?.notesLength) { _, _ in } })
    case .plainVarThroughComputedObject: (#line, { cell.observe(\.currentDocument?.notes) { _, _ in } })
    case .letConstant: (#line, { cell.observe(\.document?.id) { _, _ in } })
    }
  }

  func perform() {
    let cell = NotesCell(document: isDecidedWhenObserved ? NotesDocument() : nil)
    let token = observation(of: cell).observe()
    cell.document = NotesDocument()
    withExtendedLifetime(token) {}
  }
}

/// A document with a plain `var` beside an `@Observed` one.
final class NotesDocument: KeyValueObservable {
  @Observed var title = "Draft"
  var notes = ""
  let id = 7
  var notesLength: Int { notes.count }
  var shout: String { title.uppercased() }
}

/// Holds a replaceable ``NotesDocument``.
final class NotesCell: KeyValueObservable {
  @Observed var document: NotesDocument?
  var hasDocument: Bool { document != nil }
  var currentDocument: NotesDocument? { document }

  init(document: NotesDocument? = nil) {
    _document = Observed(wrappedValue: document)
  }
}
