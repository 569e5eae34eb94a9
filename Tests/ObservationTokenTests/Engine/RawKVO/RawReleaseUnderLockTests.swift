import Foundation
import ObservationToken
import Synchronization
import Testing

/// The raw layer never makes or drops a strong reference to an observer or a subject
/// while it holds its lock: a thread adding an observer may otherwise be left holding
/// the last reference to another observer, released meanwhile, and run its `deinit`
/// inside that lock — where a removal, or the release of a model the observer owned,
/// takes the lock again.
@Suite("Raw layer: no release under its lock")
struct RawReleaseUnderLockTests {
  /// What the released observers' `deinit` does that takes the raw layer's lock.
  enum Reentry: CaseIterable, Sendable, CustomTestStringConvertible {
    /// Removes its registration, the Objective-C way.
    case removal
    /// Releases a model it owns, which has raw registrations of its own.
    case ownedModel

    var testDescription: String {
      switch self {
      case .removal: "a removal from deinit"
      case .ownedModel: "the release of an owned model with raw registrations"
      }
    }
  }

  @Test(
    "Observers released on one thread while another adds observers to the same object: no deadlock",
    arguments: Reentry.allCases
  )
  func releasesDuringAdds(reentry: Reentry) async throws {
    let document = Document()
    let titleGuard = PropertyGuard()
    let pool = LockedValue<[ReenteringObserver]>([])
    let addsLeft = Atomic(Self.adds)
    // Set when the adding thread is done: the releasing thread runs until then, since the
    // adding one may wait for it to make room for its last additions.
    let adding = Atomic(true)
    let progress = ProgressCounter()
    // Each addition walks the references of the observers registered; the other thread
    // lets go of the oldest of them, which the walk meets first. Joined off the cooperative
    // pool: a test that holds pool threads for long starves other tests' tasks.
    let finished = await onOwnThread {
      runWatched(2, progress: progress) { thread in
        if thread == 0 {
          while addsLeft.subtract(1, ordering: .relaxed).newValue >= 0 {
            // A few registrations at a time: the releasing thread keeps up.
            while pool.withLock({ $0.count }) >= 8 { sched_yield() }
            let observer = titleGuard.withLock { ReenteringObserver(observing: document, reentry: reentry) }
            pool.withLock { $0.append(observer) }
            progress.step()
          }
          adding.store(false, ordering: .releasing)
        } else {
          var released = 0
          while adding.load(ordering: .acquiring) {
            let observer = pool.withLock { pool in pool.count < 4 ? nil : pool.removeFirst() }
            guard observer != nil else {
              sched_yield()
              continue
            }
            _ = consume observer
            released += 1
            // Prunes the registrations of released observers that did not remove them.
            if released.isMultiple(of: 64) { titleGuard.set { document.title = "\(released)" } }
            progress.step()
          }
        }
      }
    }
    try #require(finished, "no progress for a minute: a deadlock in the raw layer")
    pool.withLock { $0.removeAll() }
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  private static let adds = 20_000
}

/// A model an observer owns, observed by a long-lived observer: its release ends that
/// raw registration.
final class OwnedModel: KeyValueObservable, @unchecked Sendable {
  static let watcher = ChangeRecorder()
  @Observed var value = 0

  init() {
    addObserver(Self.watcher, forKeyPath: \.value)
  }
}

/// Registers for `\.title` in `init`; in `deinit`, removes that registration or lets go
/// of a model with a raw registration of its own.
final class ReenteringObserver: KeyValueObserving, @unchecked Sendable {
  private let document: Document
  private let reentry: RawReleaseUnderLockTests.Reentry
  private var owned: OwnedModel?

  init(observing document: Document, reentry: RawReleaseUnderLockTests.Reentry) {
    self.document = document
    self.reentry = reentry
    if reentry == .ownedModel { owned = OwnedModel() }
    document.addObserver(self, forKeyPath: \.title, context: Contexts.first)
  }

  deinit {
    if reentry == .removal {
      try? document.removeObserver(self, forKeyPath: \.title, context: Contexts.first)
    }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}
