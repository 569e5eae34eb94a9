import Dispatch
import Foundation
import ObservationToken
import Synchronization
import Testing

/// The object the stress tests share between threads.
///
/// `@unchecked Sendable`, with this locking discipline: `value` and `isDoubled` are
/// ordinary storage, so every set of them, and every creation of an observation of them
/// (which reads them), happens inside `withLock`. Handlers run inside the setter's lock.
/// Invalidating and releasing tokens take no lock: that is what the tests exercise.
///
/// The lock is an `NSLock` (a pthread mutex), which ThreadSanitizer understands; on Linux
/// it does not see the synchronization of `Synchronization.Mutex`, and would report the
/// accesses this lock guards as races.
final class TokenStressSubject: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
  @Observed var isDoubled = false
  /// A derived value, to stress derived registrations as well.
  var derivedValue: Int { isDoubled ? value * 2 : value }

  private let lock = NSLock()

  /// Runs `body` holding the lock that guards the observed properties.
  func withLock<Result>(_ body: () -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Sets `value` under the lock.
  func increment() {
    withLock { value &+= 1 }
  }
}

/// The counters one stress run shares between its threads; atomics only.
final class TokenStressCounters: Sendable {
  /// Handler calls, all rounds together.
  let calls = Atomic<Int>(0)
  /// Handler calls that started after their token's invalidation or release had returned.
  let lateCalls = Atomic<Int>(0)
  /// Tells the setter threads to stop.
  let isFinished = Atomic<Bool>(false)
}

/// One token's round: whether its invalidation has returned, and how often it was called.
final class TokenStressRound: Sendable {
  let hasEnded = Atomic<Bool>(false)
  let calls = Atomic<Int>(0)
}

/// What a stress run observes, and how its tokens end.
enum TokenStressScenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `\.value`, ended with `invalidate()`.
  case invalidateProperty
  /// `\.derivedValue`, ended with `invalidate()`.
  case invalidateDerived
  /// `\.value` with a handler that receives its token, ended with `invalidate()`.
  case invalidateThreeArgumentHandler
  /// `\.value`, ended by releasing the only reference.
  case releaseProperty
  /// `\.derivedValue`, ended by releasing the only reference.
  case releaseDerived

  var testDescription: String { rawValue }
}

enum TokenStress {
  static let setterThreads = 2
  static let enderThreads = 2
  static let roundsPerEnder = 3_000
  /// How long an ender waits at most for its token's first call before ending it.
  static let maxSpinsBeforeEnding = 200

  /// Runs `setterThreads` threads that set the subject's value in a loop while
  /// `enderThreads` threads each, `roundsPerEnder` times, create a token (under the
  /// subject's lock), wait until it has been called or a few spins have passed, and end
  /// it without any lock. Each handler checks at its very start whether its token's end
  /// has already returned.
  static func run(_ scenario: TokenStressScenario) async -> TokenStressCounters {
    let subject = TokenStressSubject()
    let counters = TokenStressCounters()
    let setters: [@Sendable () -> Void] = Array(
      repeating: {
        while !counters.isFinished.load(ordering: .relaxed) {
          subject.increment()
          sched_yield()
        }
      },
      count: setterThreads
    )
    let enders: [@Sendable () -> Void] = Array(
      repeating: {
        for _ in 0..<roundsPerEnder { runRound(scenario, on: subject, counters: counters) }
      },
      count: enderThreads
    )
    await runOnTokenStressThreads(enders, whileRunning: setters) {
      counters.isFinished.store(true, ordering: .relaxed)
    }
    return counters
  }

  private static func runRound(
    _ scenario: TokenStressScenario,
    on subject: TokenStressSubject,
    counters: TokenStressCounters
  ) {
    let round = TokenStressRound()
    let handler: @Sendable () -> Void = {
      if round.hasEnded.load(ordering: .sequentiallyConsistent) {
        counters.lateCalls.add(1, ordering: .relaxed)
      }
      round.calls.add(1, ordering: .relaxed)
      counters.calls.add(1, ordering: .relaxed)
    }
    var token: ObservationToken? = subject.withLock {
      switch scenario {
      case .invalidateProperty, .releaseProperty:
        subject.observe(\.value) { _, _ in handler() }
      case .invalidateDerived, .releaseDerived:
        subject.observe(\.derivedValue) { _, _ in handler() }
      case .invalidateThreeArgumentHandler:
        subject.observe(\.value) { _, _, token in
          handler()
          _ = token.isValid
        }
      }
    }
    var spins = 0
    while round.calls.load(ordering: .relaxed) == 0, spins < maxSpinsBeforeEnding {
      spins += 1
      sched_yield()
    }
    switch scenario {
    case .invalidateProperty, .invalidateDerived, .invalidateThreeArgumentHandler:
      token?.invalidate()
    case .releaseProperty, .releaseDerived:
      // The only reference: releasing it runs the token's deinit here.
      token = nil
    }
    round.hasEnded.store(true, ordering: .sequentiallyConsistent)
    withExtendedLifetime(token) {}
  }

  /// Drops tokens whose handlers receive their token, on one thread, while another
  /// thread's changes are being delivered to those handlers. Runs in an exit test.
  static func releaseThreeArgumentTokensWhileDelivering() {
    let subject = TokenStressSubject()
    let counters = TokenStressCounters()
    Thread {
      while !counters.isFinished.load(ordering: .relaxed) { subject.increment() }
    }.start()
    for _ in 0..<2_000 {
      let round = TokenStressRound()
      var token: ObservationToken? = subject.withLock {
        subject.observe(\.value) { _, _, token in
          round.calls.add(1, ordering: .relaxed)
          _ = token.isValid
        }
      }
      var spins = 0
      while round.calls.load(ordering: .relaxed) == 0, spins < maxSpinsBeforeEnding {
        spins += 1
        sched_yield()
      }
      token = nil
      withExtendedLifetime(token) {}
    }
    counters.isFinished.store(true, ordering: .relaxed)
  }
}

/// Runs each of `bodies` on its own new thread, and `background` bodies on more threads
/// until `bodies` have all finished; then calls `stop`, which must make the background
/// bodies return, and waits for them. Suspends instead of blocking a cooperative thread.
func runOnTokenStressThreads(
  _ bodies: [@Sendable () -> Void],
  whileRunning background: [@Sendable () -> Void],
  stop: @escaping @Sendable () -> Void
) async {
  let foreground = DispatchGroup()
  let all = DispatchGroup()
  for body in background {
    all.enter()
    Thread {
      body()
      all.leave()
    }.start()
  }
  for body in bodies {
    all.enter()
    foreground.enter()
    Thread {
      body()
      foreground.leave()
      all.leave()
    }.start()
  }
  foreground.notify(queue: .global()) { stop() }
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    all.notify(queue: .global()) { continuation.resume() }
  }
}

@Suite("Token concurrency")
struct TokenConcurrencyTests {
  @Test(
    "No handler call starts after invalidate() or the token's release has returned on another thread",
    arguments: TokenStressScenario.allCases
  )
  func noCallStartsAfterEnding(scenario: TokenStressScenario) async {
    let counters = await TokenStress.run(scenario)
    #expect(counters.lateCalls.load(ordering: .relaxed) == 0)
    // The run exercised deliveries racing with invalidation, not an idle subject.
    #expect(counters.calls.load(ordering: .relaxed) > 0)
  }

  @Test("Concurrent invalidate() calls on one token are safe and leave it invalid")
  func concurrentInvalidateOfOneToken() async {
    let subject = TokenStressSubject()
    let counters = TokenStressCounters()
    for _ in 0..<200 {
      let token = subject.withLock {
        subject.observe(\.value) { _, _ in counters.calls.add(1, ordering: .relaxed) }
      }
      let invalidators: [@Sendable () -> Void] = Array(repeating: { token.invalidate() }, count: 3)
      await runOnTokenStressThreads(invalidators, whileRunning: []) {}
      #expect(!token.isValid)
    }
    subject.increment()
    #expect(counters.calls.load(ordering: .relaxed) == 0)
  }

  @Test("Releasing a token on another thread while its three-argument handler is being called doesn't crash")
  func releasingThreeArgumentTokenDuringDelivery() async {
    await #expect(processExitsWith: .success) {
      TokenStress.releaseThreeArgumentTokensWhileDelivering()
    }
  }
}
