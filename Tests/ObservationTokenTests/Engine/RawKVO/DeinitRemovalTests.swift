import ObservationToken
import Testing

/// Code ported from KVO removes its observer in the observer's own `deinit`, where every
/// weak reference to the observer already reads `nil`.
@Suite("Removal from the observer's own deinit")
struct DeinitRemovalTests {
  @Test("Removing from the observer's deinit succeeds", arguments: DeinitRemoval.allCases)
  func removalFromDeinitSucceeds(removal: DeinitRemoval) {
    let document = Document()
    let outcomes = RemovalOutcomes()
    do {
      _ = DeinitRemovingObserver(observing: document, removal: removal, outcomes: outcomes)
    }
    #expect(outcomes.all == ["removed"])
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  @Test("A removal from deinit with try! does not trap")
  func forcedRemovalFromDeinit() async {
    await #expect(processExitsWith: .success) {
      let document = Document()
      do {
        _ = ForcedDeinitRemovingObserver(observing: document)
      }
      document.title = "After release"
    }
  }

  @Test("A second removal from deinit throws notRegistered")
  func secondRemovalFromDeinitThrows() {
    let document = Document()
    let outcomes = RemovalOutcomes()
    do {
      _ = DeinitRemovingObserver(observing: document, removal: .withContext, outcomes: outcomes, removals: 2)
    }
    #expect(outcomes.all == ["removed", "notRegistered"])
  }

  @Test("A removal from deinit removes only that observer's registration")
  func removalFromDeinitLeavesOthers() {
    let document = Document()
    let other = ChangeRecorder()
    document.addObserver(other, forKeyPath: \.title, context: Contexts.first)
    do {
      _ = DeinitRemovingObserver(observing: document, removal: .withContext, outcomes: RemovalOutcomes())
    }
    document.title = "After release"
    #expect(other.count == 1)
  }

  @Test("A live object at a released observer's address removes only its own registration")
  func addressReuseIsNotConfused() {
    let document = Document()
    do {
      let earlier = SilentObserver()
      document.addObserver(earlier, forKeyPath: \.title, context: Contexts.first)
    }
    // The allocator hands the block just freed to the next object of its size, so `later`
    // has the released observer's address — except under AddressSanitizer, which holds
    // freed blocks back; there the test checks removal without the reuse.
    let later = SilentObserver()

    #expect(throws: KeyValueObservingError.self, "a live object removed a released one's registration") {
      try document.removeObserver(later, forKeyPath: \.title, context: Contexts.first)
    }
    document.addObserver(later, forKeyPath: \.title, context: Contexts.first)
    #expect(throws: Never.self) { try document.removeObserver(later, forKeyPath: \.title, context: Contexts.first) }
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(later, forKeyPath: \.title, context: Contexts.first)
    }
  }
}

/// Receives changes and does nothing with them; an object with no stored property, so the
/// next one made takes the block of the last one released.
final class SilentObserver: KeyValueObserving {
  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}

/// Which `removeObserver` a ``DeinitRemovingObserver`` calls from its `deinit`.
enum DeinitRemoval: CaseIterable, Sendable {
  case withContext
  case withoutContext
  case withContextObject
}

/// What the removals made from a `deinit` returned, kept beyond the observer.
final class RemovalOutcomes {
  private(set) var all: [String] = []

  func record(_ removal: () throws(KeyValueObservingError) -> Void) {
    do throws(KeyValueObservingError) {
      try removal()
      all.append("removed")
    } catch {
      all.append("notRegistered")
    }
  }
}

/// Registers in `init` and removes in `deinit`, the Objective-C way.
final class DeinitRemovingObserver: KeyValueObserving {
  private static let contextObject = KeyValueObservingContext()
  private let document: Document
  private let removal: DeinitRemoval
  private let outcomes: RemovalOutcomes
  private let removals: Int

  init(observing document: Document, removal: DeinitRemoval, outcomes: RemovalOutcomes, removals: Int = 1) {
    self.document = document
    self.removal = removal
    self.outcomes = outcomes
    self.removals = removals
    switch removal {
    case .withContext, .withoutContext:
      document.addObserver(self, forKeyPath: \.title, options: [.new], context: Contexts.first)
    case .withContextObject:
      document.addObserver(self, forKeyPath: \.title, options: [.new], context: Self.contextObject)
    }
  }

  deinit {
    for _ in 0..<removals {
      outcomes.record { () throws(KeyValueObservingError) in
        switch removal {
        case .withContext: try document.removeObserver(self, forKeyPath: \.title, context: Contexts.first)
        case .withoutContext: try document.removeObserver(self, forKeyPath: \.title)
        case .withContextObject: try document.removeObserver(self, forKeyPath: \.title, context: Self.contextObject)
        }
      }
    }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}

/// Removes with `try!` in `deinit`, as a straight port does.
final class ForcedDeinitRemovingObserver: KeyValueObserving {
  private let document: Document

  init(observing document: Document) {
    self.document = document
    document.addObserver(self, forKeyPath: \.title, context: Contexts.second)
  }

  deinit {
    try! document.removeObserver(self, forKeyPath: \.title, context: Contexts.second)
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}
