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
/// handler is an ordinary ``SpecializedHandler``; delivery on a queue or the main actor and
/// bindings decorate this subscription as they decorate the engine's.
///
/// `@unchecked Sendable`: `handler` is read only inside a delivery the gate admitted and
/// cleared only by the gate's release; the rest is set once, in `init`.
final class KVOSubscription: Subscription, @unchecked Sendable {
  /// Reads a notification as the handler's change and passes it on, erased.
  typealias Reader = (_ change: [NSKeyValueChangeKey: Any], _ body: (ErasedValue) -> Void) -> Void

  private var handler: SpecializedHandler?
  private let read: Reader
  private let summaryText: String
  private var observer: KVOObserver!

  /// An observation of `keyPath` (its KVC name) of `subject`, not yet registered: make the
  /// token, then call ``start(options:)``.
  init(observing subject: NSObject, keyPath: String, named name: String, handler: SpecializedHandler, read: @escaping Reader) {
    self.handler = handler
    self.read = read
    self.summaryText = "\(type(of: subject)) \(name)"
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

  /// Hands one notification to the handler, unless the subscription has ended.
  func receive(_ change: [NSKeyValueChangeKey: Any], from subject: NSObject) {
    deliver {
      DeliveryDepth.delivering {
        read(change) { change in
          if handler?.receive(change, from: subject) == false { end() }
        }
      }
    }
  }

  override var isValid: Bool { super.isValid && observer.hasSubject }

  override func didEnd() {
    observer.unregister()
  }

  override func releaseHandler() {
    handler = nil
  }

  override var summary: String { summaryText }
}
#endif
