#if !canImport(ObjectiveC)
/// Apple's `NSKeyValueChangeKey`, an `NS_STRING_ENUM`: both initializers, and the raw
/// strings Apple's change dictionaries print (`kind = 1; new = …`).
public struct NSKeyValueChangeKey: Hashable, RawRepresentable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
  public static let newKey = NSKeyValueChangeKey(rawValue: "new")
  public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
  public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
  public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}
#endif
