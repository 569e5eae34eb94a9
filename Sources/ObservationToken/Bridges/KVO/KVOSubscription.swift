#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// The subscription a token holds for one KVO observation of an `NSObject`: the
/// subscription layer's gate and handler, fed by a ``KVOObserver`` instead of an engine
/// property's list.
///
/// What the engine's registrations do with a change, it does with a KVO notification: reads
/// it as an ``ObservedChange`` of the token's value type (``KVOChangeReader``), then hands it
/// to the handler inside ``Subscription/deliver(_:)`` — so no handler starts after
/// `invalidate()` returns, even for a notification KVO makes late on another thread. The
/// handler is an ordinary ``SubscriptionHandler``; delivery on a queue or the main actor and
/// bindings decorate this subscription as they decorate the engine's.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release; the rest is set once, in `init`.
final class KVOSubscription: Subscription, @unchecked Sendable {
  /// Reads a notification as the handler's change and passes it on, erased.
  typealias Reader = (_ change: [NSKeyValueChangeKey: Any], _ body: (ErasedValue) -> Void) -> Void

  private var handler: SubscriptionHandler?
  private let read: Reader
  /// The key path as written, `\Player.rate`, and the type it starts from, for messages.
  private let keyPathName: String
  private let rootType: Any.Type
  private let observedAt: SourceLocation
  private var observer: KVOObserver!

  /// An observation of `keyPath` (its KVC name, on a key path starting from `rootType`) of
  /// `subject`, not yet registered: make the token, then call ``start(options:)``.
  init(
    observing subject: NSObject,
    keyPath: String,
    rootType: Any.Type,
    observedAt: SourceLocation,
    handler: SubscriptionHandler,
    read: @escaping Reader
  ) {
    self.handler = handler
    self.read = read
    self.keyPathName = "\\\(rootType).\(keyPath)"
    self.rootType = rootType
    self.observedAt = observedAt
    super.init()
    observer = KVOObserver(observing: subject, keyPath: keyPath, for: self)
  }

  /// Registers with KVO: `.old` and `.new` always, `.initial` and `.prior` when asked.
  func start(options: KeyValueObservingOptions) {
    var kvoOptions: NSKeyValueObservingOptions = [.old, .new]
    if options.contains(.initial) { kvoOptions.insert(.initial) }
    if options.contains(.prior) { kvoOptions.insert(.prior) }
    observer.register(options: kvoOptions)
  }

  /// Hands one notification to the handler, unless the subscription has ended, through
  /// the delivery loop every source uses: nested deeply, traced, so that a handler that
  /// sets what it observes without end stops with a message instead of overflowing the
  /// stack.
  func receive(_ change: [NSKeyValueChangeKey: Any], from subject: NSObject) {
    DeliveryLoop.deliver(one: self) { subscription in
      subscription.hand(change, from: subject)
    }
  }

  override var runawayName: RunawayName {
    RunawayName(handler: "the handler observing \(keyPathName) on \(rootType)", location: observedAt.description)
  }

  override func runawayAdvice(alone: Bool) -> String {
    Misuse.settingAdvice(alone: alone, offersRemovingDuplicates: true)
  }

  private func hand(_ change: [NSKeyValueChangeKey: Any], from subject: NSObject) {
    read(change) { change in
      if handler?.receive(change, from: subject) == false { end() }
    }
  }

  override var isValid: Bool { super.isValid && observer.hasSubject }

  override func didEnd() {
    observer.unregister()
  }

  override func releaseHandler() {
    handler = nil
  }

  override var summary: String { "\(rootType) \(keyPathName)" }
}
#endif
