#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

/// A subject whose properties are loosely typed — `Any`, `AnyObject`, `NSNull` — so that an
/// `NSNull` they hold reaches the observer as a value, not as KVO's boxed `nil`.
///
/// `@unchecked Sendable`: as `Player`.
final class Clipboard: NSObject, @unchecked Sendable {
  #if KVO_SHIM
  dynamic var contents: Any = 42 {
    willSet { willChangeValue(forKey: "contents") }
    didSet { didChangeValue(forKey: "contents") }
  }
  dynamic var owner: AnyObject = NSObject() {
    willSet { willChangeValue(forKey: "owner") }
    didSet { didChangeValue(forKey: "owner") }
  }
  dynamic var marker = NSNull() {
    willSet { willChangeValue(forKey: "marker") }
    didSet { didChangeValue(forKey: "marker") }
  }

  override class var kvoShimKeyPaths: [AnyKeyPath: String] {
    [\Clipboard.contents: "contents", \Clipboard.owner: "owner", \Clipboard.marker: "marker"]
  }
  #else
  @objc dynamic var contents: Any = 42
  @objc dynamic var owner: AnyObject = NSObject()
  @objc dynamic var marker = NSNull()
  #endif
}
