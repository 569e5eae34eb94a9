import Foundation
import Testing

@testable import ObservationToken

/// A binding ends when its target is released. A target that is a `KeyValueObservable`
/// object with an `@Observed` property tells the binding at once, which then lets go of its
/// transform and what it captures; any other target is found gone at the source's next
/// change (or the token's release), and the transform lives until then.
@Suite("Bindings whose target is released")
struct BindingTargetReleaseTests {
  @Test("A binding lets go of its transform as soon as its observable target is released, with no change")
  func transformReleasedWithObservableTarget() {
    expectTransformReleased(reading: \.text) { document, target, capture in
      document.bind(\.title, to: target, \.text) { title in capture.describe(title) }
    }
  }

  @Test("A main-actor binding lets go of its transform as soon as its observable target is released")
  @MainActor
  func mainActorTransformReleasedWithObservableTarget() {
    expectTransformReleased(reading: \.text) { document, target, capture in
      document.bind(\.title, to: target, \.text, on: MainActor.shared) { title in capture.describe(title) }
    }
  }

  @Test("A binding to an @Observed property of its target lets go of its transform when the target is released")
  func transformReleasedWithTargetOfObservedProperty() {
    expectTransformReleased(reading: \.observedText) { document, target, capture in
      document.bind(\.title, to: target, \.observedText) { title in capture.describe(title) }
    }
  }

  /// Binds a document's title to a target through `bind`, whose transform captures an
  /// object; then releases the target, with no change of the title, and expects the
  /// binding ended and its transform, with what it captured, released.
  private func expectTransformReleased(
    reading shown: (ObservableBindingTarget) -> String,
    _ bind: (Document, ObservableBindingTarget, TargetCapture) -> ObservationToken,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    weak var weakCapture: TargetCapture?
    let document = Document(title: "Draft")
    var target: ObservableBindingTarget? = ObservableBindingTarget()
    let token: ObservationToken
    do {
      let capture = TargetCapture()
      weakCapture = capture
      token = bind(document, target!, capture)
    }
    #expect(shown(target!) == "Draft", sourceLocation: sourceLocation)
    #expect(token.isValid, sourceLocation: sourceLocation)
    target = nil
    #expect(!token.isValid, sourceLocation: sourceLocation)
    #expect(
      weakCapture == nil, "the binding still holds its transform after its target was released",
      sourceLocation: sourceLocation)
    withExtendedLifetime(token) {}
  }

  @Test("A target's own observers see its changes as before, and its description lists only them")
  func targetObserversUnaffected() {
    let document = Document(title: "Draft")
    let target = ObservableBindingTarget()
    let token = document.bind(\.title, to: target, \.text)
    var changes: [String] = []
    let own = target.observe(\.observedText) { _, change in changes.append(change.newValue ?? "") }
    target.observedText = "one"
    document.title = "Final"
    target.observedText = "two"
    #expect(changes == ["one", "two"])
    #expect(target.text == "Final")
    let lines = target.observationDescription.split(separator: "\n")
    #expect(lines.count == 2, "\(target.observationDescription)")
    #expect(lines.last?.contains("\\ObservableBindingTarget.observedText") == true)
    withExtendedLifetime((token, own)) {}
  }

  @Test("Rebinding a target that lives on leaves nothing of the ended bindings on it")
  func rebindingLeavesNothingOnTarget() throws {
    let target = ObservableBindingTarget()
    for index in 0..<100 {
      let document = Document(title: "row \(index)")
      let token = document.bind(\.title, to: target, \.text) { $0 }
      #expect(target.text == "row \(index)")
      if index.isMultiple(of: 2) { token.invalidate() }  // the others end with their token
    }
    // The target's lifetime list is its first @Observed property's.
    let source = try #require(ObjectLifetimeList.source(of: target))
    #expect(!source.hasSubscribers)
  }

  @Test("A binding whose source is released first takes its watch off the target")
  func sourceReleasedFirstLeavesNothingOnTarget() throws {
    let target = ObservableBindingTarget()
    var document: Document? = Document(title: "Draft")
    let token = document!.bind(\.title, to: target, \.text)
    let source = try #require(ObjectLifetimeList.source(of: target))
    #expect(source.hasSubscribers)
    document = nil
    #expect(!token.isValid)
    #expect(!source.hasSubscribers)
  }

  @Test(
    "A plain target, or an observable one without an @Observed property, is found gone at the source's next change"
  )
  func plainTargetFoundGoneAtNextChange() {
    func check(_ makeTarget: () -> AnyObject & TextTarget) {
      weak var weakCapture: TargetCapture?
      let document = Document(title: "Draft")
      var target: (AnyObject & TextTarget)? = makeTarget()
      let token: ObservationToken
      do {
        let capture = TargetCapture()
        weakCapture = capture
        token = target!.bind(from: document) { title in capture.describe(title) }
      }
      target = nil
      #expect(!token.isValid)
      #expect(weakCapture != nil, "documented: nothing tells the binding that a plain target died")
      document.title = "Final"
      #expect(weakCapture == nil, "the change found the target gone and ended the binding")
      withExtendedLifetime(token) {}
    }
    check { PlainBindingTarget() }
    check { UnobservedBindingTarget() }
  }

  @Test(
    "A target that adopts Observable is watched once its first @Observed property has been read",
    arguments: [false, true]
  )
  func observableTargetWatchedOnceRead(readFirst: Bool) {
    weak var weakCapture: TargetCapture?
    let document = Document(title: "Draft")
    var target: BridgedSettings? = BridgedSettings()
    if readFirst { _ = target!.volume }  // makes the list, with what Observation keeps
    let token: ObservationToken
    do {
      let capture = TargetCapture()
      weakCapture = capture
      token = document.bind(\.title, to: target!, \.theme) { title in capture.describe(title) }
    }
    #expect(target!.theme == "Draft")
    target = nil
    #expect(!token.isValid)
    // Documented: before any read, the binding behaves as for a plain target.
    #expect((weakCapture == nil) == readFirst)
    withExtendedLifetime(token) {}
  }

  @Test("Targets released on one thread while their source changes on another end every binding")
  func targetsReleasedWhileSourcesChange() async {
    let document = Document(title: "Draft")
    // Setting and binding read and write the title: the test keeps them apart, as the docs
    // ask; the targets are released outside the lock, while the other thread sets. A
    // target released during a write dies when that write lets go of it, on the setting
    // thread: every binding is checked once both threads are done, its token still held.
    let access = NSLock()
    let rounds = 2_000
    let bound = LockedValue<[(token: ObservationToken, capture: WeakCapture)]>([])
    let finished = await runOnThreads(2) { thread in
      if thread == 0 {
        for index in 0..<rounds { access.withLock { document.title = "title \(index)" } }
        return
      }
      for _ in 0..<rounds {
        let capture = TargetCapture()
        var target: ObservableBindingTarget? = ObservableBindingTarget()
        let token = access.withLock { document.bind(\.title, to: target!, \.text) { title in capture.describe(title) } }
        bound.withLock { $0.append((token, WeakCapture(capture))) }
        target = nil
      }
    }
    #expect(finished)
    let all = bound.withLock { $0 }
    #expect(all.count == rounds)
    #expect(all.filter { $0.token.isValid }.count == 0, "tokens still valid after their targets' release")
    #expect(all.filter { $0.capture.object != nil }.count == 0, "transforms kept after their targets' release")
  }
}

/// A weak reference to a capture, kept beside its token.
private final class WeakCapture: @unchecked Sendable {
  weak var object: TargetCapture?

  init(_ object: TargetCapture) {
    self.object = object
  }
}

/// Something a transform captures, to see when the transform is released.
private final class TargetCapture: @unchecked Sendable {
  func describe(_ title: String) -> String { title }
}

/// A target that can say it is being released: an observable object with an `@Observed`
/// property (which the binding does not write).
private final class ObservableBindingTarget: KeyValueObservable, @unchecked Sendable {
  @Observed var observedText = ""
  var text = ""
}

/// What the plain-target check binds to.
private protocol TextTarget {
  func bind(from document: Document, transform: @escaping (String) -> String) -> ObservationToken
}

/// A plain class: nothing tells a binding that it died.
private final class PlainBindingTarget: TextTarget {
  var text = ""
  func bind(from document: Document, transform: @escaping (String) -> String) -> ObservationToken {
    document.bind(\.title, to: self, \.text, transform: transform)
  }
}

/// An observable class with no `@Observed` property: nothing of it dies with it that a
/// binding could watch.
private final class UnobservedBindingTarget: KeyValueObservable, TextTarget {
  var text = ""
  func bind(from document: Document, transform: @escaping (String) -> String) -> ObservationToken {
    document.bind(\.title, to: self, \.text, transform: transform)
  }
}
