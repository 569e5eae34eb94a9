#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

// Subjects as an app has them: `@objc dynamic` properties on Apple, where KVO notifies by
// itself; on Linux the model's equivalents, which notify from willSet/didSet and declare
// their KVC names (the model's stand-in for @objc, which Linux rejects).

#if canImport(ObjectiveC)
/// An `@objc enum`, which KVO boxes as its raw value's `NSNumber`.
@objc enum PlaybackStatus: Int, Sendable {
  case unknown, readyToPlay, failed
}
#else
enum PlaybackStatus: Int, Sendable {
  case unknown, readyToPlay, failed
}
#endif

/// A player with the kinds of property KVO is used for: a number, an optional string, an
/// `@objc enum`, an ordered to-many property notified by hand, and a plain Swift property
/// KVO cannot observe.
///
/// `@unchecked Sendable`: tests change it from several threads on purpose, one property at
/// a time, as apps change an `AVPlayer`; KVO is what they race.
class Player: NSObject, @unchecked Sendable {
  #if KVO_SHIM
  dynamic var rate = 0.0 {
    willSet { willChangeValue(forKey: "rate") }
    didSet { didChangeValue(forKey: "rate") }
  }
  dynamic var title: String? {
    willSet { willChangeValue(forKey: "title") }
    didSet { didChangeValue(forKey: "title") }
  }
  dynamic var status = PlaybackStatus.unknown {
    willSet { willChangeValue(forKey: "status") }
    didSet { didChangeValue(forKey: "status") }
  }

  override class var kvoShimKeyPaths: [AnyKeyPath: String] {
    [\Player.rate: "rate", \Player.title: "title", \Player.status: "status", \Player.queue: "queue"]
  }

  override func value(forKey key: String) -> Any? {
    key == "queue" ? queue : super.value(forKey: key)
  }
  #else
  @objc dynamic var rate = 0.0
  @objc dynamic var title: String?
  @objc dynamic var status = PlaybackStatus.unknown
  #endif

  /// Not `@objc`: KVO cannot observe it.
  var volume = 1.0

  /// An ordered to-many property, changed only through the methods below, which notify
  /// with indexes (read-only to KVO, so it never notifies by itself).
  #if canImport(ObjectiveC)
  @objc var queue: [String] { items }
  #else
  var queue: [String] { items }
  #endif
  private var items: [String] = []

  func enqueue(_ item: String, at index: Int) {
    change(.insertion, at: index) { items.insert(item, at: index) }
  }

  func dequeue(at index: Int) {
    change(.removal, at: index) { items.remove(at: index) }
  }

  func replace(at index: Int, with item: String) {
    change(.replacement, at: index) { items[index] = item }
  }

  private func change(_ kind: NSKeyValueChange, at index: Int, _ body: () -> Void) {
    willChange(kind, valuesAt: [index], forKey: "queue")
    body()
    didChange(kind, valuesAt: [index], forKey: "queue")
  }
}

/// A subclass, for key paths rooted at it and for tokens of a base and a subclass on the
/// same key path.
final class VideoPlayer: Player, @unchecked Sendable {
  #if KVO_SHIM
  override class var kvoShimKeyPaths: [AnyKeyPath: String] {
    super.kvoShimKeyPaths.merging([\VideoPlayer.rate: "rate", \VideoPlayer.title: "title"]) { $1 }
  }
  #endif
}
