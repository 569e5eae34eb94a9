/// The values and moments an observation asks for, as in KVO.
///
/// `.old` and `.new` choose which values a raw ``KeyValueChange`` carries; the typed API
/// always delivers both. `.initial` and `.prior` add calls.
public struct KeyValueObservingOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// The options' bits, one per option: `.old` 1, `.new` 2, `.initial` 4, `.prior` 8, as in
  /// Foundation's `NSKeyValueObservingOptions`.
  public let rawValue: UInt8

  /// Creates options from their raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The change carries the value before the change (for collection changes, the
  /// removed or replaced elements).
  public static let old = KeyValueObservingOptions(rawValue: 1 << 0)
  /// The change carries the value after the change (for collection changes, the
  /// inserted or replacing elements).
  public static let new = KeyValueObservingOptions(rawValue: 1 << 1)
  /// Calls the observer once while registering, with the current value as the new value
  /// and no old value.
  public static let initial = KeyValueObservingOptions(rawValue: 1 << 2)
  /// Also calls the observer before each change, while the object still holds the old
  /// value; that call has ``KeyValueChange/isPrior`` set and carries no new value.
  public static let prior = KeyValueObservingOptions(rawValue: 1 << 3)

  /// The options as a list, such as `[.old, .new]`.
  public var description: String {
    let names: [(KeyValueObservingOptions, String)] = [
      (.old, ".old"), (.new, ".new"), (.initial, ".initial"), (.prior, ".prior"),
    ]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}
