import Synchronization
import Testing

@testable import ObservationToken

@Suite("First- and last-subscriber actions")
struct TransitionActionsTests {
  @Test("Transitions handed in out of order run in the list's order")
  func outOfOrderTransitionsRunInOrder() {
    let log = LockedValue<[String]>([])
    let actions = TransitionActions(
      onFirst: { log.withLock { $0.append("first") } },
      onLast: { log.withLock { $0.append("last") } }
    )
    actions.perform(.transition(CountTransition(kind: .last, serial: 2)))
    #expect(log.withLock { $0 }.isEmpty, "a transition ran before the one before it")
    actions.perform(.transition(CountTransition(kind: .first, serial: 1)))
    #expect(log.withLock { $0 } == ["first", "last"])
    actions.perform(.changed)
    #expect(log.withLock { $0 } == ["first", "last"], "a change that is no transition ran an action")
  }

  @Test("An action that subscribes again has its transition run after it returns, on the same thread")
  func reentrantTransitionRunsAfterTheAction() {
    let list = SubscriberList<ListedProbe>()
    let probe = ListedProbe()
    let log = LockedValue<[String]>([])
    let actionsBox = LockedValue<TransitionActions?>(nil)
    let actions = TransitionActions(
      onFirst: { log.withLock { $0.append("first") } },
      onLast: {
        log.withLock { $0.append("last begins") }
        // Subscribing from the action: its first runs once this action has returned.
        let change = list.insert(probe)
        actionsBox.withLock { $0 }?.perform(change)
        log.withLock { $0.append("last ends") }
      }
    )
    actionsBox.withLock { $0 = actions }
    actions.perform(list.insert(probe))
    actions.perform(list.remove(probe))
    #expect(log.withLock { $0 } == ["first", "last begins", "last ends", "first"])
    actionsBox.withLock { $0 = nil }  // the actions capture the box: end the cycle
  }

  @Test("Under concurrent subscribing and unsubscribing, first and last strictly alternate and never overlap")
  func concurrentTransitionsAlternate() async throws {
    let list = SubscriberList<ListedProbe>()
    let log = LockedValue<[CountTransition.Kind]>([])
    let running = Atomic(false)
    let overlaps = Atomic(0)
    func record(_ kind: CountTransition.Kind) {
      if running.exchange(true, ordering: .sequentiallyConsistent) { overlaps.wrappingAdd(1, ordering: .relaxed) }
      log.withLock { $0.append(kind) }
      running.store(false, ordering: .sequentiallyConsistent)
    }
    let actions = TransitionActions(onFirst: { record(.first) }, onLast: { record(.last) })
    try #require(
      await runOnThreads(4) { _ in
        let probe = ListedProbe()
        for _ in 0..<2_000 {
          actions.perform(list.insert(probe))
          actions.perform(list.remove(probe))
        }
      }, "the threads did not finish: a deadlock")
    let kinds = log.withLock { $0 }
    #expect(!kinds.isEmpty)
    #expect(kinds.count.isMultiple(of: 2), "the list ended empty, so every first has its last")
    let alternates = kinds.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? .first : .last) }
    #expect(alternates, "two firsts or two lasts in a row")
    #expect(overlaps.load(ordering: .relaxed) == 0, "two actions ran at once")
  }
}
