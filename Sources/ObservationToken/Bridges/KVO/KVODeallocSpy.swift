#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// What tells a token that its subject died: an object associated with the subject, which
/// the runtime releases when the subject is deallocated — and which then removes the
/// observer's registration and ends the token, as PMKVObserver's spy does. It also keeps
/// the observer alive for as long as it may be registered.
///
/// Apple releases associations after the subject's stored properties are destroyed, the
/// model of KVO on Linux before: the observer is correct in either order, since its removal
/// runs once, under its lock, whichever path comes first.
final class KVODeallocSpy {
  private let observer: KVOObserver

  private init(observer: KVOObserver) {
    self.observer = observer
  }

  deinit {
    observer.subjectWillDeallocate()
  }

  /// Associates a spy for `observer` with `subject`, keyed by the observer's address.
  static func attach(to subject: NSObject, for observer: KVOObserver) {
    objc_setAssociatedObject(subject, key(of: observer), KVODeallocSpy(observer: observer), .OBJC_ASSOCIATION_RETAIN)
  }

  /// Releases the spy of `observer`, whose registration is removed: a subject that lives
  /// on keeps nothing of an ended token.
  static func detach(from subject: NSObject, for observer: KVOObserver) {
    objc_setAssociatedObject(subject, key(of: observer), nil, .OBJC_ASSOCIATION_RETAIN)
  }

  private static func key(of observer: KVOObserver) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(observer).toOpaque())
  }
}
#endif
