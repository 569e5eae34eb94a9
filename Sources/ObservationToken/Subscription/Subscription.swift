/// One subscription: a handler that runs until the subscription ends, and never after.
///
/// Every kind of observation in the package is one of these — a key-value registration, a
/// delivery on a queue, a binding — and a token holds exactly one. The base class holds
/// the ``DeliveryGate`` (half a word: a listed subclass keeps its ``ListIndex`` in the
/// other half) and with it the whole no-call-after-end protocol:
///
/// - every call of the handler goes through ``deliver(_:)``, which skips it once ended;
/// - ``end()`` closes the gate; the first call runs ``didEnd()`` (leave lists, end what
///   depends on it) and, once no call is under way, ``releaseHandler()`` — exactly once;
/// - ``invalidate()`` ends, then waits for calls under way on other threads, unless the
///   calling thread is itself inside a handler.
///
/// Subclasses hold the handler and say what ending means; they never touch the gate.
/// `@unchecked Sendable`: the gate is atomic; subclasses say what guards their own state.
@usableFromInline
class Subscription: @unchecked Sendable {
  private let gate = DeliveryGate()

  init() {}

  /// Whether the subscription can still call its handler. Subclasses add their own
  /// conditions (a subject or target still alive).
  var isValid: Bool { gate.isOpen }

  /// Whether ``end()`` has not been called yet.
  final var isOpen: Bool { gate.isOpen }

  /// Ends the subscription; once this returns its handler never starts again. Waits for
  /// calls under way on other threads, except from inside a handler, where waiting could
  /// deadlock. Idempotent and safe from any thread.
  func invalidate() {
    end()
    gate.waitUntilIdleUnlessDelivering()
  }

  /// Ends the subscription, and the one it decorates if it is a decorator, without waiting
  /// for calls under way: what code that must never wait calls — a callback the concurrency
  /// runtime makes while holding a lock of its own, such as a stream's termination handler,
  /// which `Task.cancel()` runs under the task's lock while a call under way may be resuming
  /// that very task. The gate still keeps any new call from starting; one under way finishes
  /// and then releases the handler.
  func endWithoutWaiting() {
    end()
  }

  /// Ends the subscription without waiting; only the first call does anything. Returns
  /// whether this call ended it.
  @discardableResult
  final func end() -> Bool {
    guard gate.close(orRelease: { releaseHandler() }) else { return false }
    didEnd()
    return true
  }

  /// Calls `body` — the handler — unless the subscription has ended. `body` must not
  /// outlive the call; the handler it reaches stays alive until it returns.
  @inline(__always)
  final func deliver(_ body: () -> Void) {
    guard gate.enter(orRelease: { releaseHandler() }) else { return }
    body()
    gate.leave { releaseHandler() }
  }

  /// Drops the handler and what it captures. Runs exactly once, after the subscription
  /// ended and no call is under way — possibly on the thread of the last call.
  func releaseHandler() {}

  /// What ending means beyond the gate: leaving a list, ending what this one holds. Runs
  /// once, on the thread that ended the subscription, with no lock held.
  func didEnd() {}

  /// What the delivery loop's traced twin counts this subscription's calls as: itself, or
  /// the registration it delivers for.
  var tracedAs: AnyObject { self }

  /// How a stop names this subscription's handler when it calls itself without end,
  /// alone or through others (see ``DeliveryLoop``). Every subscription a delivery loop
  /// calls says.
  var runawayName: RunawayName { RunawayName(handler: "a subscription's handler") }

  /// What that stop explains and advises for this subscription's handler: calling itself
  /// (`alone`), or calling others that call it again.
  func runawayAdvice(alone: Bool) -> String { "" }

  /// What the subscription observes, for a token's description.
  var summary: String { "subscription" }

  /// Where the observation this subscription serves was made, `Module/File.swift:12`, for
  /// descriptions; `nil` where it keeps no record of it.
  var madeAtDescription: String? { nil }
}
