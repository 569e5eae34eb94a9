import Dispatch
import Foundation
import Testing

@testable import ObservationToken

/// A removal from the observer's own `deinit` succeeds however many other observers of the
/// same object were pruned between its pruning and its removal.
@Suite("Removal from deinit after many prunings")
struct ManyPrunedRemovalTests {
  @Test(
    "Observers of one object, pruned by one set while each waits in its deinit, all remove themselves",
    arguments: [17, 40]
  )
  func manyPrunedInDeinitAllRemove(count: Int) async {
    let document = Document()
    let outcomes = RaceOutcomes()
    let gate = DeinitGate()
    // Each observer is released on a thread of its own, and waits in its deinit, its weak
    // references already `nil`, until the set below has pruned every registration. All
    // register first: a registration made while another observer is being released may
    // hold that observer's last reference for a moment, and run its deinit.
    let boxes = (0..<count).map { _ in
      ObserverBox(GatedRemovingObserver(observing: document, outcomes: outcomes, gate: gate))
    }
    let threads = boxes.map { box in startThread { box.release() } }
    for _ in 0..<count { gate.entered.wait() }
    document.title = "Prunes every registration, in release order"
    for _ in 0..<count { gate.proceed.signal() }
    let joined = await onOwnThread { threads.allSatisfy { $0.join() } }
    #expect(joined, "an observer's deinit did not finish")
    #expect(outcomes.all.count == count)
    #expect(outcomes.all.allSatisfy { $0 == "removed" }, "\(outcomes.all.filter { $0 != "removed" }.count) threw")
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }

  @Test("Observers released without removing themselves leave nothing filed once their deinit has finished")
  func releasedWithoutRemovingLeaveNothing() {
    let document = Document()
    for _ in 0..<100 {
      let observer = SilentObserver()
      document.addObserver(observer, forKeyPath: \.title, context: Contexts.first)
    }
    document.title = "Prunes every registration"
    #expect(
      RawRegistrations.registrations(on: document).isEmpty, "pruned registrations kept after their observers' deinit")
    #expect(document.observationDescription == "Document observations:\n  (none)")
  }
}

/// Where the gated observers wait: each says it entered its deinit, then waits its turn.
private final class DeinitGate: Sendable {
  let entered = DispatchSemaphore(value: 0)
  let proceed = DispatchSemaphore(value: 0)
}

/// The one strong reference to an observer, released on the thread that calls `release`.
private final class ObserverBox: @unchecked Sendable {
  private var observer: GatedRemovingObserver?

  init(_ observer: GatedRemovingObserver) {
    self.observer = observer
  }

  func release() {
    observer = nil
  }
}

/// Registers in `init`; in `deinit`, waits at the gate, then removes its registration.
private final class GatedRemovingObserver: KeyValueObserving {
  private let document: Document
  private let outcomes: RaceOutcomes
  private let gate: DeinitGate

  init(observing document: Document, outcomes: RaceOutcomes, gate: DeinitGate) {
    self.document = document
    self.outcomes = outcomes
    self.gate = gate
    document.addObserver(self, forKeyPath: \.title, context: Contexts.second)
  }

  deinit {
    gate.entered.signal()
    gate.proceed.wait()
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
