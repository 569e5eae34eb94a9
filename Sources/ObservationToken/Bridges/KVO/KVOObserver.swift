// The Apple KVO bridge: compiled by the library on Apple platforms, and on Linux by the
// targets that link this folder in (KVO_BRIDGE_COPY) against the model of KVO (KVO_SHIM).
#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// The KVO observer of one token: registered for one key path of one subject with a
/// context of its own — its own address — and removed exactly once.
///
/// Removal happens on whichever comes first: the token's end (``unregister()`` from the
/// subscription's `didEnd`, on any thread) or the subject's deallocation (its
/// ``KVODeallocSpy``). One lock orders them; the subject is reached for removal only
/// under it, through an unretained reference that stays valid because a deallocating
/// subject runs its spy — which takes the same lock — before its memory is freed.
///
/// A removal asked for while `addObserver` is still under way (from the `.initial`
/// notification, or another thread) is deferred until it returns: removing from inside
/// `.initial` raises on Apple, the registration does not exist yet.
///
/// Its `observeValue` takes no lock: a notification with its own context goes to the
/// subscription, whose gate decides whether the handler may start; every other context
/// is forwarded to `super`, as KVO requires. It is not generic, so that nothing about it
/// depends on how the Objective-C runtime treats generic subclasses.
///
/// `@unchecked Sendable`: `state` is behind its lock; the subject references are set once
/// (the weak one is loaded atomically by the runtime), `subscription` is a weak box.
final class KVOObserver: NSObject, @unchecked Sendable {
  /// Where the registration stands; changed only under the lock.
  private enum RegistrationState {
    case unregistered, registering, removalDeferred, registered, removed
  }

  let keyPath: String
  /// For reads: `nil` once the subject is deallocating.
  private weak var subject: NSObject?
  /// For removal only, under the lock: still valid while the subject deallocates (the
  /// weak reference is `nil` by then — SR-5816's trap).
  private unowned(unsafe) let unretainedSubject: NSObject
  private let subscription = WeakReference<KVOSubscription>()
  private let state = Locked(RegistrationState.unregistered)

  init(observing subject: NSObject, keyPath: String, for subscription: KVOSubscription) {
    self.keyPath = keyPath
    self.subject = subject
    self.unretainedSubject = subject
    self.subscription.object = subscription
    super.init()
  }

  /// This observation's context: unique while the observer lives, which is as long as it
  /// is registered (the spy and the subscription hold it).
  private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Whether the subject is still alive.
  var hasSubject: Bool { subject != nil }

  /// Attaches the dealloc spy, then registers; a removal asked for meanwhile (from the
  /// `.initial` notification) runs once `addObserver` has returned.
  func register(options: NSKeyValueObservingOptions) {
    state.withLock { $0 = .registering }
    KVODeallocSpy.attach(to: unretainedSubject, for: self)
    unretainedSubject.addObserver(self, forKeyPath: keyPath, options: options, context: context)
    let isRemovalDeferred = state.withLock { state in
      guard state == .removalDeferred else {
        state = .registered
        return false
      }
      state = .registered
      return true
    }
    if isRemovalDeferred { unregister() }
  }

  /// Removes the registration, once: later calls, and calls before it exists, do nothing
  /// (before: it is removed when `addObserver` returns). Safe from any thread, from inside
  /// a notification and while the subject deallocates.
  func unregister() {
    let didRemove = state.withLock { state in
      switch state {
      case .registering:
        state = .removalDeferred
        return false
      case .registered:
        unretainedSubject.removeObserver(self, forKeyPath: keyPath, context: context)
        state = .removed
        return true
      case .unregistered, .removalDeferred, .removed:
        return false
      }
    }
    // Outside the lock: dropping the spy calls back into `unregister()`.
    if didRemove, let subject { KVODeallocSpy.detach(from: subject, for: self) }
  }

  /// The subject is deallocating: remove the registration and end the token.
  func subjectWillDeallocate() {
    unregister()
    subscription.object?.end()
  }

  override func observeValue(
    forKeyPath keyPath: String?,
    of object: Any?,
    change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {
    guard context == self.context else {
      super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
      return
    }
    guard let change, let subject, let subscription = subscription.object else { return }
    subscription.receive(change, from: subject)
  }
}
#endif
