import Foundation
import ObservationToken
import Testing

/// A chain through a step that is not `@Observed` cannot see that step replaced: it stops,
/// naming the step, as soon as it finds what it reads replaced — never delivering a value
/// of the wrong object. A chain through a `let` is never replaced, and works.
@Suite("A chain through a step that is not @Observed stops when it finds it replaced")
struct ChainPlainStepTests {
  /// Where the stops name the observations of ``ReplacedPlainStep`` made.
  static let fileID = "ObservationTokenTests/ChainPlainStepTests.swift"

  @Test(
    "A chain through a replaced plain step stops, naming the step, and never delivers",
    arguments: ReplacedPlainStep.allCases
  )
  func replacedPlainStepStops(replacement: ReplacedPlainStep) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [replacement] in
      replacement.perform()
    }
    let message = standardError(of: result)
    #expect(message.contains("ObservationToken: \(replacement.keyPathText), observed at \(Self.fileID):"))
    #expect(message.contains(", found what it reads replaced, and nothing reported it: "))
    #expect(message.contains("\(replacement.stepText) is not @Observed, so it cannot report its replacement"))
    #expect(message.contains("Mark \(replacement.stepText) @Observed (a let, which is never replaced, may stay plain)"))
  }

  @Test("A chain through a let reports every change of the object's property")
  func letStepWorks() {
    let holder = PlainStepHolder()
    var values: [String] = []
    let token = holder.observe(\.settings.title) { _, change in values.append(change.newValue!) }
    holder.settings.title = "Loud"
    holder.settings.title = "Quiet"
    #expect(values == ["Loud", "Quiet"])
    withExtendedLifetime(token) {}
  }

  @Test("A chain through a computed property giving a let, or a lazy var, reports every change")
  func computedLetAndLazyStepsWork() {
    let holder = PlainStepHolder()
    var values: [String] = []
    let alias = holder.observe(\.settingsAlias.title) { _, change in values.append("alias " + change.newValue!) }
    let lazy = holder.observe(\.lazyTitled.title) { _, change in values.append("lazy " + change.newValue!) }
    holder.settings.title = "Loud"
    holder.lazyTitled.title = "Made"
    holder.settings.title = "Quiet"
    #expect(values == ["alias Loud", "lazy Made", "alias Quiet"])
    withExtendedLifetime((alias, lazy)) {}
  }

  @Test("A chain through a plain step reports the object's changes until the step is replaced")
  func plainStepWorksUntilReplaced() {
    let holder = PlainStepHolder()
    var values: [String?] = []
    let token = holder.observe(\.plain?.title) { _, change in values.append(change.newValue ?? nil) }
    holder.plain?.title = "One"
    holder.plain?.title = "Two"
    #expect(values == ["One", "Two"])
    withExtendedLifetime(token) {}
  }
}

/// Each way of replacing, unseen, the object a chain reads first.
enum ReplacedPlainStep: String, CaseIterable, Codable, Sendable {
  /// `holder.plain = other`, the old object kept elsewhere, then the new one and the old
  /// one change: found at the old one's change.
  case plainVarOldObjectKept
  /// `holder.plain = other`, the old object released with it: found at once.
  case plainVarOldObjectReleased
  /// `holder.plain = nil`, the old object released with it: found at once.
  case plainVarSetToNil
  /// A computed property giving the plain var's object.
  case computedStepOverPlainVar
  /// A `weak var`, replaced while the old object is kept elsewhere.
  case weakVar
  /// A plain `var` after an `@Observed` step, `\.holder?.plain?.title`, replaced while the
  /// old object is kept elsewhere.
  case plainVarAfterObservedStep
  /// The same, the old object released with it: found at once.
  case plainVarAfterObservedStepOldObjectReleased

  /// The key path and its root, as the message names them: `@Observed` properties by
  /// their names, after a step the runtime cannot name too, which keeps the runtime's form
  /// (a computed property, a `weak var`).
  var keyPathText: String {
    switch self {
    case .plainVarOldObjectKept, .plainVarOldObjectReleased, .plainVarSetToNil:
      #"\PlainStepHolder.plain?.title? on PlainStepHolder"#
    case .computedStepOverPlainVar, .weakVar:
      #"\PlainStepHolder.<computed (Optional<Titled>)>?.title? on PlainStepHolder"#
    case .plainVarAfterObservedStep, .plainVarAfterObservedStepOldObjectReleased:
      #"\HolderShelf.holder?.plain?.title? on HolderShelf"#
    }
  }

  /// The step the message names: a stored property by its name; a computed one (a
  /// `weak var` is one to the runtime) as the runtime prints it.
  var stepText: String {
    switch self {
    case .plainVarOldObjectKept, .plainVarOldObjectReleased, .plainVarSetToNil, .plainVarAfterObservedStep,
      .plainVarAfterObservedStepOldObjectReleased:
      #"\PlainStepHolder.plain"#
    case .computedStepOverPlainVar, .weakVar: #"\PlainStepHolder.<computed (Optional<Titled>)>"#
    }
  }

  func perform() {
    let holder = PlainStepHolder()
    let shelf = HolderShelf(holder: holder)
    var old: Titled? = holder.plain
    holder.weakTitled = old
    // Any call would end this process successfully and fail the expectation: every
    // change below is of an object the chain no longer reaches, or one it cannot see.
    let token =
      switch self {
      case .computedStepOverPlainVar: holder.observe(\.currentPlain?.title) { _, _ in exit(0) }
      case .weakVar: holder.observe(\.weakTitled?.title) { _, _ in exit(0) }
      case .plainVarAfterObservedStep, .plainVarAfterObservedStepOldObjectReleased:
        shelf.observe(\.holder?.plain?.title) { _, _ in exit(0) }
      default: holder.observe(\.plain?.title) { _, _ in exit(0) }
      }
    let replacement = Titled()
    switch self {
    case .plainVarOldObjectKept, .computedStepOverPlainVar, .plainVarAfterObservedStep:
      holder.plain = replacement
      replacement.title = "New object's"
      old?.title = "Old object's"
    case .plainVarOldObjectReleased, .plainVarAfterObservedStepOldObjectReleased:
      old = nil
      holder.plain = replacement
    case .plainVarSetToNil:
      old = nil
      holder.plain = nil
    case .weakVar:
      holder.weakTitled = replacement
      replacement.title = "New object's"
      old?.title = "Old object's"
    }
    withExtendedLifetime((holder, shelf, token, old, replacement)) {}
  }
}

/// An object with one `@Observed` property, reached from a ``PlainStepHolder``.
final class Titled: KeyValueObservable {
  @Observed var title = ""
}

/// Holds a ``PlainStepHolder`` in an `@Observed` property.
final class HolderShelf: KeyValueObservable {
  @Observed var holder: PlainStepHolder?

  init(holder: PlainStepHolder) {
    _holder = Observed(wrappedValue: holder)
  }
}

/// Reaches ``Titled`` objects through steps that are not `@Observed`.
final class PlainStepHolder: KeyValueObservable {
  /// Replaceable, unseen.
  var plain: Titled? = Titled()
  /// Never replaced.
  let settings = Titled()
  weak var weakTitled: Titled?
  lazy var lazyTitled = Titled()
  var currentPlain: Titled? { plain }
  var settingsAlias: Titled { settings }
}
