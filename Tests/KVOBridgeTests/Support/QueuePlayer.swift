#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

// Subjects for key paths of several keys, as `\AVPlayer.currentItem?.status` is observed:
// a player whose current item is replaced, and the item whose status changes.

/// An item with a status, changed while it plays.
///
/// `@unchecked Sendable`: as `Player`.
final class PlayerItem: NSObject, @unchecked Sendable {
  #if KVO_SHIM
  dynamic var status = PlaybackStatus.unknown {
    willSet { willChangeValue(forKey: "status") }
    didSet { didChangeValue(forKey: "status") }
  }

  override class var kvoShimKeyPaths: [AnyKeyPath: String] { [\PlayerItem.status: "status"] }
  #else
  @objc dynamic var status = PlaybackStatus.unknown
  #endif

  init(status: PlaybackStatus = .unknown) {
    self.status = status
    super.init()
  }
}

/// A player whose current item is replaced, or absent.
///
/// `@unchecked Sendable`: as `Player`.
class QueuePlayer: NSObject, @unchecked Sendable {
  #if KVO_SHIM
  dynamic var currentItem: PlayerItem? {
    willSet { willChangeValue(forKey: "currentItem") }
    didSet { didChangeValue(forKey: "currentItem") }
  }

  /// `\.currentItem?.status` is "currentItem.status" to KVO (its `_kvcKeyPathString` on Apple).
  override class var kvoShimKeyPaths: [AnyKeyPath: String] {
    [\QueuePlayer.currentItem: "currentItem", \QueuePlayer.currentItem?.status: "currentItem.status"]
  }
  #else
  @objc dynamic var currentItem: PlayerItem?
  #endif

  init(currentItem: PlayerItem? = nil) {
    self.currentItem = currentItem
    super.init()
  }
}
