import Foundation
import ObservationToken
import Testing

/// A handler that sets what it observes is called again by that change: without end, it
/// stops with a message naming the registration, before the stack overflows — also on a
/// secondary thread's small stack. Bounded re-entry and nesting are left alone.
@Suite("A handler that calls itself without end stops")
struct RunawayReentryTests {
  @Test(
    "A handler that sets what it observes to an equal value stops, naming the key path",
    arguments: RunawayUse.allCases
  )
  func runawayStops(use: RunawayUse) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      use.perform()
    }
    let message = standardError(of: result)
    for part in use.messageParts { #expect(message.contains(part)) }
    switch use {
    case .rawObserver:
      // addObserver has no such option: the message must not offer it.
      #expect(message.contains("Set it only when the new value differs."))
      #expect(!message.contains("removingDuplicates"))
    case .twoHandlersSettingEachOther, .handlersFeedingEachOther:
      // Several handlers: the advice for one handler setting what it observes does not fit.
      #expect(!message.contains("keeps calling itself"))
      #expect(message.contains("only where the values come to repeat. Break the loop: let one of them stop setting"))
    default:
      #expect(message.contains("A handler that sets the value it observes, even to an equal one"))
      #expect(message.contains("Set it only when the new value differs, or observe with removingDuplicates: true"))
    }
  }

  @Test(
    "The stop comes before the stack overflows on a secondary thread's 512 KiB stack",
    arguments: RunawayUse.allCases
  )
  func runawayStopsOnSmallStack(use: RunawayUse) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      _ = startThread(stackSize: 512 * 1024) { use.perform() }.join()
    }
    #expect(standardError(of: result).contains(use.messageParts[0]))
  }

  @Test("A handler that clamps the value it observes once is called again once, and stops there")
  func clampingOnceWorks() {
    let document = Document()
    var received: [String] = []
    let token = document.observe(\.title) { document, change in
      received.append(change.newValue!)
      if document.title.count > 3 { document.title = String(document.title.prefix(3)) }
    }
    document.title = "Draft"
    #expect(received == ["Draft", "Dra"])
    #expect(document.title == "Dra")
    withExtendedLifetime(token) {}
  }

  @Test("A handler that sets another property is called once per change")
  func settingAnotherPropertyWorks() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { document, _ in
      calls += 1
      document.isFavorite.toggle()
    }
    for title in ["a", "b", "c"] { document.title = title }
    #expect(calls == 3)
    #expect(document.isFavorite)
    withExtendedLifetime(token) {}
  }

  @Test("Handlers of different registrations may nest far deeper than one may re-enter itself")
  func deepNestingOfDifferentRegistrationsWorks() {
    // Each document's handler sets the next one's title: nesting 40 deep, each
    // registration under way once. On a thread with room for it in a debug build.
    let depth = 40
    let documents = (0..<depth).map { _ in Document() }
    var reached = 0
    let tokens = documents.indices.map { index in
      documents[index].observe(\.title) { _, change in
        reached = max(reached, index + 1)
        if index + 1 < depth { documents[index + 1].title = change.newValue! }
      }
    }
    let finished = startThread(stackSize: 8 << 20) { documents[0].title = "Final" }.join()
    #expect(finished)
    #expect(reached == depth)
    #expect(documents.allSatisfy { $0.title == "Final" })
    withExtendedLifetime(tokens) {}
  }

  @Test("A handler may re-enter itself a few times deep in other handlers, converging")
  func boundedReentryDeepInNestingWorks() {
    // Ten registrations nest past the untraced depth; the last one steps its own value
    // down to zero, re-entering itself five times.
    let chain = (0..<10).map { _ in Document() }
    let counter = Document(title: "5")
    var counterCalls = 0
    var tokens = chain.indices.map { index in
      chain[index].observe(\.title) { _, _ in
        if index + 1 < chain.count { chain[index + 1].title = "next" } else { counter.title = "4" }
      }
    }
    tokens.append(
      counter.observe(\.title) { counter, change in
        counterCalls += 1
        if let value = Int(change.newValue!), value > 0 { counter.title = "\(value - 1)" }
      }
    )
    chain[0].title = "start"
    #expect(counter.title == "0")
    #expect(counterCalls == 5)
    withExtendedLifetime(tokens) {}
  }
}

/// Each way of observing something from a handler that sets it again, to an equal value.
enum RunawayUse: String, CaseIterable, Codable, Sendable {
  /// A token on `\.title` that sets the title it was given, trimmed.
  case token
  /// A token on a chain, `\.document?.title`, that sets the document's title.
  case chain
  /// A token on a derived value, `\.displayTitle`, that sets the title.
  case derived
  /// A raw observer that sets the title.
  case rawObserver
  /// Two tokens, each setting the property the other observes, to an equal value.
  case twoHandlersSettingEachOther
  /// Two tokens feeding each other values that never repeat, as an app found: the title
  /// makes the tags, the tags the title, one character longer each time round.
  case handlersFeedingEachOther

  /// What the message must say: who it names, with where each observation was made, and
  /// how they loop. Of two handlers setting each other's property, the first named is the
  /// first to be called, and found under way too often.
  var messageParts: [String] {
    let observedHere = ", observed at ObservationTokenTests/RunawayReentryTests.swift:"
    let itself = " keeps calling itself: each call changes what it observes, which calls it again"
    switch self {
    case .token:
      return [#"ObservationToken: the handler observing \Document.title on Document"# + observedHere, itself]
    case .chain:
      return [
        #"ObservationToken: the handler observing \DocumentCell.document?.title? on DocumentCell"# + observedHere,
        itself,
      ]
    case .derived:
      return [
        #"ObservationToken: the handler observing \Document.<computed (String)> on Document"# + observedHere, itself,
      ]
    case .rawObserver:
      return [
        #"ObservationToken: the observeValue(forKeyPath:of:change:context:) of ReactingObserver observing \Document.title on Document"#
          + itself
      ]
    case .twoHandlersSettingEachOther:
      return [
        "ObservationToken: 2 handlers keep calling each other, without end",
        #"\#n  the handler observing \Document.title on Document"# + observedHere,
        #"\#n  the handler observing \Document.isFavorite on Document"# + observedHere,
        #"then the handler observing \Document.title on Document again."#,
      ]
    case .handlersFeedingEachOther:
      return [
        "ObservationToken: 2 handlers keep calling each other, without end",
        #"\#n  the handler observing \Document.title on Document"# + observedHere,
        #"\#n  the handler observing \Document.tags on Document"# + observedHere,
      ]
    }
  }

  func perform() {
    let document = Document(title: "Draft")
    var tokens: [ObservationToken] = []
    let observer = ReactingObserver { _, _ in document.title = document.title.trimmed() }
    switch self {
    case .token:
      tokens.append(document.observe(\.title) { document, _ in document.title = document.title.trimmed() })
      document.title = "Final "
    case .chain:
      let cell = DocumentCell(document: document)
      tokens.append(cell.observe(\.document?.title) { cell, _ in cell.document?.title = document.title.trimmed() })
      document.title = "Final "
    case .derived:
      tokens.append(document.observe(\.displayTitle) { document, _ in document.title = document.title.trimmed() })
      document.title = "Final "
    case .rawObserver:
      document.addObserver(observer, forKeyPath: \.title)
      document.title = "Final "
    case .twoHandlersSettingEachOther:
      tokens.append(document.observe(\.title) { document, _ in document.isFavorite = document.isFavorite })
      tokens.append(document.observe(\.isFavorite) { document, _ in document.title = document.title })
      document.title = "Final"
    case .handlersFeedingEachOther:
      tokens.append(document.observe(\.title) { document, _ in document.tags = [document.title + "!"] })
      tokens.append(document.observe(\.tags) { document, change in document.title = change.newValue?.first ?? "" })
      document.title = "ping"
    }
    withExtendedLifetime((tokens, observer)) {}
  }
}

extension String {
  /// Without leading or trailing spaces.
  fileprivate func trimmed() -> String {
    trimmingCharacters(in: .whitespaces)
  }
}
