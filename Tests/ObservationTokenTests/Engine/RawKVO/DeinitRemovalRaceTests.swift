import Foundation
import ObservationToken
import Synchronization
import Testing

/// A removal from the observer's own `deinit` succeeds whatever another thread does
/// meanwhile: a change there finds the observer released and prunes its registration,
/// which the removal must still find — once.
@Suite("Removal from deinit, raced by other threads")
struct DeinitRemovalRaceTests {
  /// What another thread does while the observer's `deinit` runs, before it removes.
  enum Pruning: CaseIterable, Sendable, CustomTestStringConvertible {
    /// Sets the observed property: the registration finds its observer released.
    case set
    /// Describes the subject's observations, which prunes those of released observers.
    case description

    var testDescription: String {
      switch self {
      case .set: "a set"
      case .description: "a description"
      }
    }

    func prune(_ document: Document) {
      switch self {
      case .set: document.title = "Set while the observer is deinitialized"
      case .description: _ = document.observationDescription
      }
    }
  }

  @Test(
    "Removing from deinit succeeds after another thread pruned the registration",
    arguments: Pruning.allCases,
    RaceRemoval.allCases
  )
  func removalAfterPruning(pruning: Pruning, removal: RaceRemoval) {
    let document = Document()
    let outcomes = RaceOutcomes()
    do {
      _ = PrunedInDeinitObserver(observing: document, removal: removal, outcomes: outcomes) {
        _ = startThread { pruning.prune(document) }.join()
      }
    }
    #expect(outcomes.all == ["removed"])
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  @Test("A second removal from deinit after the pruning throws notRegistered")
  func secondRemovalAfterPruningThrows() {
    let document = Document()
    let outcomes = RaceOutcomes()
    do {
      _ = PrunedInDeinitObserver(observing: document, removal: .direct, outcomes: outcomes, removals: 2) {
        _ = startThread { document.title = "Set while the observer is deinitialized" }.join()
      }
    }
    #expect(outcomes.all == ["removed", "notRegistered"])
  }

  @Test("A pruned registration lets go of its context object at once, before any removal")
  func prunedRegistrationKeepsNoContext() {
    let document = Document()
    weak var weakContext: KeyValueObservingContext?
    do {
      let context = KeyValueObservingContext()
      weakContext = context
      let observer = SilentObserver()
      document.addObserver(observer, forKeyPath: \.title, context: context)
    }
    #expect(weakContext != nil, "the registration keeps its context while it may deliver")
    document.title = "Prunes the registration of the released observer"
    #expect(weakContext == nil)
  }

  @Test("Observers released on one thread while another sets the property all remove themselves from deinit")
  func removalFromDeinitUnderConcurrentSets() throws {
    let document = Document()
    let titleGuard = PropertyGuard()
    let stop = Atomic(false)
    let outcomes = RaceOutcomes()
    let rounds = 200
    let setter = startThread {
      ConcurrentlyRemovingObserver.isSetterThread = true
      var value = 0
      while !stop.load(ordering: .relaxed) {
        value += 1
        titleGuard.set { document.title = "\(value)" }
      }
    }
    for round in 0..<rounds {
      // Every other observer waits in its deinit for a whole set to pass first; the others
      // race the set under way, if any.
      let waitsFor = round.isMultiple(of: 2) ? titleGuard : nil
      let observer = titleGuard.withLock {
        ConcurrentlyRemovingObserver(observing: document, outcomes: outcomes, waitingForASetOf: waitsFor)
      }
      _ = consume observer
    }
    stop.store(true, ordering: .relaxed)
    try #require(setter.join(), "the setter did not finish: a deadlock")
    let failures = outcomes.all.filter { $0 != "removed" }.count
    #expect(outcomes.all.count == rounds)
    #expect(failures == 0, "removals from deinit that threw, of \(rounds)")
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }
}

/// Which registration a ``PrunedInDeinitObserver`` makes, and how it removes it.
enum RaceRemoval: CaseIterable, Sendable, CustomTestStringConvertible {
  /// `\.title`, removed with its pointer context.
  case direct
  /// `\.title`, removed without a context.
  case withoutContext
  /// `\.title`, registered and removed with a context object.
  case contextObject
  /// `\.displayTitle`, a derived registration, removed with its pointer context.
  case derived

  var testDescription: String {
    switch self {
    case .direct: "\\.title, with its context"
    case .withoutContext: "\\.title, without a context"
    case .contextObject: "\\.title, with a context object"
    case .derived: "\\.displayTitle, with its context"
    }
  }
}

/// What the removals made from a `deinit` returned, kept beyond the observer.
final class RaceOutcomes: Sendable {
  private let outcomes = LockedValue<[String]>([])

  var all: [String] { outcomes.withLock { $0 } }

  func record(_ removal: () throws(KeyValueObservingError) -> Void) {
    do throws(KeyValueObservingError) {
      try removal()
      outcomes.withLock { $0.append("removed") }
    } catch {
      outcomes.withLock { $0.append("notRegistered") }
    }
  }
}

/// Registers in `init`; in `deinit`, lets another thread prune the registration, then
/// removes it, the Objective-C way.
final class PrunedInDeinitObserver: KeyValueObserving {
  private static let contextObject = KeyValueObservingContext()
  private let document: Document
  private let removal: RaceRemoval
  private let outcomes: RaceOutcomes
  private let removals: Int
  private let beforeRemoving: () -> Void

  init(
    observing document: Document,
    removal: RaceRemoval,
    outcomes: RaceOutcomes,
    removals: Int = 1,
    beforeRemoving: @escaping () -> Void
  ) {
    self.document = document
    self.removal = removal
    self.outcomes = outcomes
    self.removals = removals
    self.beforeRemoving = beforeRemoving
    switch removal {
    case .direct, .withoutContext:
      document.addObserver(self, forKeyPath: \.title, options: [.new], context: Contexts.first)
    case .contextObject:
      document.addObserver(self, forKeyPath: \.title, options: [.new], context: Self.contextObject)
    case .derived:
      document.addObserver(self, forKeyPath: \.displayTitle, options: [.new], context: Contexts.first)
    }
  }

  deinit {
    beforeRemoving()
    for _ in 0..<removals {
      outcomes.record { () throws(KeyValueObservingError) in
        switch removal {
        case .direct: try document.removeObserver(self, forKeyPath: \.title, context: Contexts.first)
        case .withoutContext: try document.removeObserver(self, forKeyPath: \.title)
        case .contextObject: try document.removeObserver(self, forKeyPath: \.title, context: Self.contextObject)
        case .derived: try document.removeObserver(self, forKeyPath: \.displayTitle, context: Contexts.first)
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

/// Registers in `init` and removes in `deinit`, recording what the removal returned.
final class ConcurrentlyRemovingObserver: KeyValueObserving {
  private let document: Document
  private let outcomes: RaceOutcomes
  private let setGuard: PropertyGuard?

  init(observing document: Document, outcomes: RaceOutcomes, waitingForASetOf setGuard: PropertyGuard?) {
    self.document = document
    self.outcomes = outcomes
    self.setGuard = setGuard
    document.addObserver(self, forKeyPath: \.title, context: Contexts.second)
  }

  /// Whether this thread is the setter's: an observer whose last reference a call of its
  /// own left to the setter is deinitialized inside that set, and must not wait for it.
  static var isSetterThread: Bool {
    get { Thread.current.threadDictionary["DeinitRemovalRaceTests.setter"] != nil }
    set { Thread.current.threadDictionary["DeinitRemovalRaceTests.setter"] = newValue ? true : nil }
  }

  deinit {
    if let setGuard, !Self.isSetterThread {
      // A set that begins after this point finds the observer released.
      let begun = setGuard.begun
      while setGuard.finished <= begun { sched_yield() }
    }
    outcomes.record { () throws(KeyValueObservingError) in
      try document.removeObserver(self, forKeyPath: \.title, context: Contexts.second)
    }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}
