import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// Invalidation from any thread, racing KVO's own callouts: once `invalidate()` returns
  /// the handler never starts, even for a notification KVO had already begun to deliver.
  @Suite("KVO tokens end safely from any thread")
  struct ConcurrencyTests {
    // Needs the model's hook, `KVOShim.beforeCallout`, to park a callout where Apple's KVO
    // can be preempted; Foundation has no such hook, so on Apple this test is compiled out
    // and `invalidateWhileChanging` below races the same gate without parking.
    #if KVO_SHIM
    @Test(
      "A notification parked after KVO released its lock never reaches the handler once invalidate() has returned",
      arguments: [false, true]
    )
    func invalidationRacesParkedCallout(releaseToken: Bool) {
      let player = Player()
      let calls = Recorder<Double?>()
      var token: ObservationToken? = ObservationToken(observing: player, \.rate) { _, change in
        calls.append(change.newValue)
      }
      let parked = DispatchSemaphore(value: 0)
      let resume = DispatchSemaphore(value: 0)
      KVOShim.beforeCallout = { _ in
        parked.signal()
        resume.wait()
      }
      defer { KVOShim.beforeCallout = nil }
      let setterDone = DispatchSemaphore(value: 0)
      Thread {
        player.rate = 1
        setterDone.signal()
      }.start()
      parked.wait()
      // The notification is under way, its observer retained, the handler not yet called.
      if releaseToken { token = nil } else { token?.invalidate() }
      KVOShim.beforeCallout = nil
      resume.signal()
      setterDone.wait()
      #expect(calls.all.isEmpty)
      _ = token
    }
    #endif

    @Test("Invalidating from other threads while the property changes is data-race free and stops every call")
    func invalidateWhileChanging() async {
      for _ in 0..<50 {
        let player = Player()
        let afterInvalidate = Recorder<Bool>()
        let invalidated = Flag()
        let token = ObservationToken(observing: player, \.rate) { _, _ in
          afterInvalidate.append(invalidated.isSet)
        }
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for rate in 0..<100 { player.rate = Double(rate) } }
          group.addTask {
            token.invalidate()
            invalidated.set()
          }
        }
        #expect(!afterInvalidate.all.contains(true))
      }
    }

    @Test("Tokens made and released on many threads at once all remove their registrations")
    func concurrentTokens() async {
      let player = Player()
      let setting = NSLock()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask {
            for _ in 0..<50 {
              let token = ObservationToken(observing: player, \.rate) { _, _ in }
              setting.withLock { player.rate += 1 }
              _ = token
            }
          }
        }
      }
    }
  }
}

/// A flag set once, read from any thread.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
