#if !canImport(ObjectiveC)
/// Apple's `NSKeyValueObservingOptions` (raw values from `NSKeyValueObserving.h`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}
#endif
