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
    withObservationTracking { _ = settings.volume } onChange: { fired.increment() }
    #expect(fired.value == 0)
    settings.volume = 6
    settings.volume = 7
    #expect(fired.value == 1)
  }

  @Test("The scope fires before the store, as Observation's willSet timing promises")
  func willSetTiming() {
    let settings = BridgedSettings()
    let seen = LockedValue<Int?>(nil)
    withObservationTracking { _ = settings.volume } onChange: { seen.withLock { $0 = settings.volume } }
    settings.volume = 6
    #expect(seen.withLock { $0 } == 5)
    #expect(settings.volume == 6)
  }

  @Test("A property that was not read does not fire the scope")
  func unreadDoesNotFire() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking { _ = settings.volume } onChange: { fired.increment() }
    settings.theme = "dark"
    settings.$tags.append("swift")
    #expect(fired.value == 0)
  }

  @Test("The same property of another object does not fire the scope")
  func otherObjectDoesNotFire() {
    let read = BridgedSettings()
    let other = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking { _ = read.volume } onChange: { fired.increment() }
    other.volume = 9
    #expect(fired.value == 0)
    read.volume = 9
    #expect(fired.value == 1)
  }

  @Test("A computed property's reads register what it reads")
  func computedProperty() {
    let settings = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking { _ = settings.summary } onChange: { fired.increment() }
    settings.theme = "dark"
    #expect(fired.value == 1)
  }

  @Test("A chain registers every step: replacing the document and editing its title both fire")
  func chain() {
    let cell = BridgedCell()
    let first = BridgedDocument(title: "A")
    cell.document = first
    let fired = ChangeCount()
    withObservationTracking { _ = cell.document?.title } onChange: { fired.increment() }
    first.title = "B"
    #expect(fired.value == 1)

    withObservationTracking { _ = cell.document?.title } onChange: { fired.increment() }
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
    withObservationTracking { settings.tags.append("a") } onChange: { fired.increment() }
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
    withObservationTracking { _ = settings.tags } onChange: {
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
    withObservationTracking { _ = object.count } onChange: { fired.increment() }
    object.count += 1
    #expect(fired.value == 1)
  }

  @Test("Observable must be adopted where KeyValueObservable is: a subclass that adds it is not seen (documented)")
  func conformanceAddedBySubclass() {
    let object = BridgedBelowUnbridged()
    let fired = ChangeCount()
    withObservationTracking { _ = object.inherited; _ = object.own } onChange: { fired.increment() }
    object.inherited = 1
    object.own = 1
    // The hook is chosen with the class's conformance to KeyValueObservable, which the
    // subclass inherits from a class that does not opt in. Tokens still work.
    #expect(fired.value == 0)
    let seen = LockedValue<[Int]>([])
    let token = object.observe(\.own) { _, change in seen.withLock { $0.append(change.newValue!) } }
    object.own = 2
    #expect(seen.withLock { $0 } == [2])
    token.invalidate()
  }

  /// Starts a tracking scope that reads `settings.tags`; it counts its calls and keeps the
  /// tags it sees when it fires.
  private func trackTags(of settings: BridgedSettings) -> (fired: ChangeCount, seen: LockedValue<[String]?>) {
    let fired = ChangeCount()
    let seen = LockedValue<[String]?>(nil)
    withObservationTracking { _ = settings.tags } onChange: {
      fired.increment()
      seen.withLock { $0 = settings.tags }
    }
    return (fired, seen)
  }

  @Test("A class that does not conform to Observable is not seen by tracking scopes")
  func notOptedIn() {
    let settings = UnbridgedSettings()
    let fired = ChangeCount()
    withObservationTracking { _ = settings.volume } onChange: { fired.increment() }
    settings.volume = 6
    #expect(fired.value == 0)
  }
}
