#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// The KVO bridge's stop; `Tests/KVOBridgeTests/KVOMisuseTests.swift` pins its message.
extension Misuse {
  /// Stops for a key path KVO cannot observe (`_kvcKeyPathString` is `nil`): a token that
  /// never fires would be worse than a clear stop.
  @inline(never)
  static func notKeyValueObservable(_ keyPath: AnyKeyPath, on subjectType: Any.Type, at site: Site) -> Never {
    stop(
      """
      \(PropertyName.ofKeyPath(keyPath)) on \(subjectType) is not a key path KVO can observe, \
      so it could never report a change. Mark every property on the path @objc dynamic.
      """,
      at: site
    )
  }
}
#endif
