// Apple only: compiled by the library on Apple platforms, and on Linux by the KVO bridge's
// tests, which link this file in (KVO_BRIDGE_COPY) against the model of the Objective-C
// runtime (KVO_SHIM).
#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// A binding whose target is an `NSObject` — a view, a label: an object associated with
/// the target, which the runtime releases when the target is deallocated, ends the binding
/// then, and with it the binding's transform, without waiting for the source's next change.
/// The binding takes the association off a target that outlives it (a reused cell's label).
///
/// `@unchecked Sendable`, as ``Binding``: its own stored property never changes after
/// `init`, and the target is reached through the binding's weak reference.
final class ObjectWatchedBinding: Binding, @unchecked Sendable {
  private weak let object: NSObject?

  init(watching target: NSObject) {
    object = target
    super.init(target: target)
    objc_setAssociatedObject(target, key, TargetDeallocSpy(ending: self), .OBJC_ASSOCIATION_RETAIN)
  }

  /// This binding's association: its own address, unique while it lives.
  private var key: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

  /// Ending the binding takes its spy off a target that lives on.
  override func didEnd() {
    if let object { objc_setAssociatedObject(object, key, nil, .OBJC_ASSOCIATION_RETAIN) }
  }
}

/// Associated with a binding's target: released with the target, it ends the binding.
private final class TargetDeallocSpy {
  private weak let binding: Binding?

  init(ending binding: Binding) {
    self.binding = binding
  }

  deinit {
    binding?.endWithoutWaiting()
  }
}
#endif
