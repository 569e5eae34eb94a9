import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ObservationToken

@Suite("Subscriptions")
struct SubscriptionTests {
  @Test("After end(), deliver() skips the handler; the handler is released once")
  func endStopsDeliveries() {
    let subscription = CountingSubscription()
    subscription.deliver { subscription.calls += 1 }
    #expect(subscription.end())
    #expect(!subscription.end(), "ending again reports that nothing happened")
    subscription.deliver { subscription.calls += 1 }
    subscription.invalidate()
    #expect(subscription.calls == 1)
    #expect(subscription.releases == 1)
    #expect(subscription.didEndCalls == 1)
    #expect(!subscription.isValid)
  }

  @Test("Ending during a delivery releases the handler when that delivery ends, not before")
  func releaseWaitsForDeliveryUnderWay() {
    let subscription = CountingSubscription()
    subscription.deliver {
      subscription.end()
      #expect(subscription.releases == 0, "the handler was released while it ran")
    }
    #expect(subscription.releases == 1)
  }

  @Test("invalidate() on another thread sleeps until the delivery under way ends")
  func invalidateWaitsForDeliveryOnAnotherThread() throws {
    let subscription = CountingSubscription()
    let entered = DispatchSemaphore(value: 0)
    let finished = Atomic(false)
    let deliverer = startThread {
      subscription.deliver {
        entered.signal()
        // Long enough that the invalidating thread is asleep by the time it ends.
        Thread.sleep(forTimeInterval: 0.05)
        finished.store(true, ordering: .sequentiallyConsistent)
      }
    }
    entered.wait()
    subscription.invalidate()
    let hasFinished = finished.load(ordering: .sequentiallyConsistent)
    #expect(hasFinished, "invalidate() returned during the delivery")
    try #require(deliverer.join(), "the delivering thread did not finish")
  }

  @Test("A decorator ends the subscription it decorates, and is invalid once that one is")
  func decoratorEndsUpstream() {
    let upstream = CountingSubscription()
    let decorator = SubscriptionDecorator()
    decorator.decorate(upstream)
    #expect(decorator.isValid)
    upstream.end()
    #expect(!decorator.isValid, "a decorator outlived what it decorates")
    let other = CountingSubscription()
    let second = SubscriptionDecorator()
    second.decorate(other)
    second.invalidate()
    #expect(!other.isOpen)
  }
}

/// Counts what the base class does with its hooks.
final class CountingSubscription: Subscription, @unchecked Sendable {
  var calls = 0
  var releases = 0
  var didEndCalls = 0

  override func releaseHandler() { releases += 1 }
  override func didEnd() { didEndCalls += 1 }
}
