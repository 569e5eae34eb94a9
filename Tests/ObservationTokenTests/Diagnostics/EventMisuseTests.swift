import Dispatch
import ObservationToken
import Testing

/// No call of events stops the process on misuse: each is harmless and says so through
/// its result (routing's are pinned in ``ParentTests`` and ``RequestTests``).
@Suite("Event misuse is harmless and reported")
struct EventMisuseTests {
  @Test("Subscribing to an event whose sender was released returns an invalid token, whose handler never runs")
  func subscribingAfterSenderReleased() {
    let event: Event<Int>
    do {
      let sender = EventSender<Int>(name: "gone")
      event = sender.event
    }
    var calls = 0
    let closure = event.subscribe { _ in calls += 1 }
    let queued = event.subscribe(on: DispatchQueue.main) { _ in Issue.record("a queued handler ran") }
    #expect(!closure.isValid)
    #expect(!queued.isValid)
    #expect(calls == 0)
  }

  @Test("Ending a subscription twice, or all of them twice, is harmless")
  func endingTwice() {
    let sender = EventSender<Int>()
    var calls = 0
    let token = sender.event.subscribe { _ in calls += 1 }
    token.invalidate()
    token.invalidate()
    sender.removeAllSubscriptions()
    sender.removeAllSubscriptions()
    #expect(!sender.send(1))
    #expect(!token.isValid)
    #expect(calls == 0)
  }
}
