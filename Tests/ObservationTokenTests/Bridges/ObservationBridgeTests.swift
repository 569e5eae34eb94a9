import Foundation
import Observation
import ObservationToken
import Testing

@Suite("Swift Observation bridge: tracking scopes")
struct ObservationBridgeTests {
  @Test("Reading an @Observed property in a tracking scope registers it; setting it fires the scope once")
  func trackingScopeFires() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      fired.increment()
    }
    #expect(fired.value == 0)
    settings.volume = 6
    settings.volume = 7
    #expect(fired.value == 1)
  }

  @Test("The scope fires before the store, as Observation's willSet timing promises")
  func willSetTiming() {
    let settings = BridgedSettings()
    let seen = LockedValue<Int?>(nil)
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      seen.withLock { $0 = settings.volume }
    }
    settings.volume = 6
    #expect(seen.withLock { $0 } == 5)
    #expect(settings.volume == 6)
  }

  @Test("A property that was not read does not fire the scope")
  func unreadDoesNotFire() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      fired.increment()
    }
    settings.theme = "dark"
    settings.$tags.append("swift")
    #expect(fired.value == 0)
  }

  @Test("The same property of another object does not fire the scope")
  func otherObjectDoesNotFire() {
    let read = BridgedSettings()
    let other = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = read.volume
    } onChange: {
      fired.increment()
    }
    other.volume = 9
    #expect(fired.value == 0)
    read.volume = 9
    #expect(fired.value == 1)
  }

  @Test("A computed property's reads register what it reads")
  func computedProperty() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = settings.summary
    } onChange: {
      fired.increment()
    }
    settings.theme = "dark"
    #expect(fired.value == 1)
  }

  @Test("A chain registers every step: replacing the document and editing its title both fire")
  func chain() {
    let cell = BridgedCell()
    let first = BridgedDocument(title: "A")
    cell.document = first
    let fired = ChangeCount()
    withObservationTracking {
      _ = cell.document?.title
    } onChange: {
      fired.increment()
    }
    first.title = "B"
    #expect(fired.value == 1)

    withObservationTracking {
      _ = cell.document?.title
    } onChange: {
      fired.increment()
    }
    cell.document = BridgedDocument(title: "C")
    #expect(fired.value == 2)
    first.title = "D"  // no longer read by any scope
    #expect(fired.value == 2)
  }

  @Test(
    "Every collection edit through the projection fires the scope",
    arguments: ["append", "insert", "replace", "remove", "removeAll", "replaceSubrange"]
  )
  func projectionEdits(edit: String) {
    let settings = BridgedSettings()
    settings.tags = ["a", "b"]
    let (fired, seen) = trackTags(of: settings)
    switch edit {
    case "append": settings.$tags.append("c")
    case "insert": settings.$tags.insert("c", at: 0)
    case "replace": settings.$tags[0] = "c"
    case "remove": settings.$tags.remove(at: 0)
    case "removeAll": settings.$tags.removeAll()
    default: settings.$tags.replaceSubrange(0..<2, with: ["c"])
    }
    #expect(fired.value == 1)
    #expect(seen.withLock { $0 } == ["a", "b"], "willSet timing: the scope sees the value before the edit")
  }

  @Test("A mutation through the property (tags.append) fires the scope once, with willSet timing")
  func mutationThroughProperty() {
    let settings = BridgedSettings()
    settings.tags = ["a", "b"]
    let (fired, seen) = trackTags(of: settings)
    settings.tags.append("c")
    settings.tags.append("d")
    #expect(fired.value == 1)
    #expect(seen.withLock { $0 } == ["a", "b"], "willSet timing: the scope sees the value before the mutation")
    #expect(settings.tags == ["a", "b", "c", "d"])
  }

  @Test("A mutation through the property inside a tracking scope is a read the scope registers")
  func mutationInScopeIsRead() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      settings.tags.append("a")
    } onChange: {
      fired.increment()
    }
    #expect(fired.value == 0, "the scope is armed when its body returns")
    settings.tags = []
    #expect(fired.value == 1)
  }

  @Test("A mutation through an observed property reaches its token and the scope: scope before, token after")
  func mutationReachesTokenAndScope() {
    let settings = BridgedSettings()
    let events = LockedValue<[String]>([])
    let token = settings.observe(\.tags) { _, change in
      events.withLock { $0.append("token \(change.oldValue!) → \(change.newValue!)") }
    }
    withObservationTracking {
      _ = settings.tags
    } onChange: {
      events.withLock { $0.append("scope \(settings.tags)") }
    }
    settings.tags.append("a")
    token.invalidate()
    #expect(events.withLock { $0 } == ["scope []", "token [] → [\"a\"]"])
  }

  @Test("An inherited property of a subclass of a class that opts in is tracked")
  func subclass() {
    let object = BridgedSubclass()
    let fired = ChangeCount()
    withObservationTracking {
      _ = object.count
    } onChange: {
      fired.increment()
    }
    object.count += 1
    #expect(fired.value == 1)
  }

  @Test(
    "Observable adopted below a KeyValueObservable base stops at the observing call, naming both classes",
    arguments: ObservableBelowBaseUse.allCases
  )
  func conformanceAddedBySubclassStops(use: ObservableBelowBaseUse) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [use] in
      use.call().perform()
    }
    let message = standardError(of: result)
    #expect(
      message.contains(
        """
        \(#fileID):\(use.call().line): Fatal error: ObservationToken: BridgedBelowUnbridged conforms to \
        Observable, but UnbridgedBase adopts KeyValueObservable without it, so Swift Observation \
        (withObservationTracking, Observations, SwiftUI) would never see \(use.propertyText) change. \
        Adopt Observable where UnbridgedBase adopts KeyValueObservable (class UnbridgedBase: \
        KeyValueObservable, Observable), not in a subclass.
        """
      )
    )
  }

  /// The answer is kept per class (see `UnseenObservable.classOf`): the base's, found
  /// first, must not be taken for its subclass's, nor the subclass's for a second object's.
  @Test("Whether a class adopts Observable below its base is told per class, the base observed first or not")
  func conformanceIsToldPerClass() async {
    let base = UnbridgedBase()
    let token = base.observe(\.inherited) { _, _ in }
    #expect(token.isValid)
    await #expect(processExitsWith: .failure) {
      _ = UnbridgedBase().observe(\.inherited) { _, _ in }
      _ = BridgedBelowUnbridged().observe(\.inherited) { _, _ in }
    }
  }

  @Test(
    "Observable adopted below a KeyValueObservable base stops a chain that reaches it later, naming the observation"
  )
  func conformanceAddedBySubclassStopsChainLater() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      ObservableBelowBaseUse.chainReachingItLater().perform()
    }
    let line = ObservableBelowBaseUse.chainReachingItLater().line
    let message = standardError(of: result)
    #expect(
      message.contains(
        """
        Fatal error: ObservationToken: BridgedBelowUnbridged conforms to Observable, but UnbridgedBase \
        adopts KeyValueObservable without it, so Swift Observation (withObservationTracking, \
        Observations, SwiftUI) would never see \\BridgedBelowUnbridged.inherited, observed at \
        \(#fileID):\(line), change.
        """
      )
    )
  }

  /// Starts a tracking scope that reads `settings.tags`; it counts its calls and keeps the
  /// tags it sees when it fires.
  private func trackTags(of settings: BridgedSettings) -> (fired: ChangeCount, seen: LockedValue<[String]?>) {
    let fired = ChangeCount()
    let seen = LockedValue<[String]?>(nil)
    withObservationTracking {
      _ = settings.tags
    } onChange: {
      fired.increment()
      seen.withLock { $0 = settings.tags }
    }
    return (fired, seen)
  }

  @Test("A class that does not conform to Observable is not seen by tracking scopes")
  func notOptedIn() {
    let settings = UnbridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      fired.increment()
    }
    settings.volume = 6
    #expect(fired.value == 0)
  }
}

/// Each way of observing a property of a class that adopts `Observable` below a
/// `KeyValueObservable` superclass.
enum ObservableBelowBaseUse: String, CaseIterable, Codable, Sendable {
  case observeInherited, observeOwn, addObserverInherited, bindOwn, chainThroughHolder, observeSubclassOfAdopter

  /// The property as the message names it: on the class of the object observed.
  var propertyText: String {
    switch self {
    case .observeOwn, .bindOwn: #"\BridgedBelowUnbridged.own"#
    case .observeSubclassOfAdopter: #"\InheritsBridgedBelowUnbridged.inherited"#
    default: #"\BridgedBelowUnbridged.inherited"#
    }
  }

  /// The call, and the line it is written on: the line its stop must name.
  func call() -> (line: UInt, perform: () -> Void) {
    let object = BridgedBelowUnbridged()
    let holder = HoldsBridgedBelowUnbridged(object)
    return switch self {
    case .observeInherited: (#line, { _ = object.observe(\.inherited) { _, _ in } })
    case .observeOwn: (#line, { _ = object.observe(\.own) { _, _ in } })
    case .addObserverInherited: (#line, { object.addObserver(ChangeRecorder(), forKeyPath: \.inherited) })
    case .bindOwn: (#line, { _ = object.bind(\.own, to: holder, \.count) })
    case .chainThroughHolder: (#line, { _ = holder.observe(\.object?.inherited) { _, _ in } })
    case .observeSubclassOfAdopter: (#line, { _ = InheritsBridgedBelowUnbridged().observe(\.inherited) { _, _ in } })
    }
  }

  /// A chain observed while its holder holds nothing, and the line it is observed on; then
  /// the holder is given an object whose class adopts `Observable` below its base.
  static func chainReachingItLater() -> (line: UInt, perform: () -> Void) {
    let holder = HoldsBridgedBelowUnbridged(nil)
    let (line, observe): (UInt, () -> ObservationToken) = (#line, { holder.observe(\.object?.inherited) { _, _ in } })
    return (
      line,
      {
        let token = observe()
        holder.object = BridgedBelowUnbridged()
        withExtendedLifetime(token) {}
      }
    )
  }
}
