#if !canImport(ObjectiveC)
/// Apple's `NSKeyValueChange` (raw values from `NSKeyValueObserving.h`).
public enum NSKeyValueChange: UInt, Sendable {
  case setting = 1
  case insertion = 2
  case removal = 3
  case replacement = 4
}
#endif
