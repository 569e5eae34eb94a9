#if !canImport(ObjectiveC)
import Foundation

/// Values as Objective-C hands them to an observer: `nil` as `NSNull`, numbers, Booleans
/// and `@objc` enums (their raw value) as `NSNumber`, strings as `NSString`, arrays as
/// `NSArray` of boxed elements, index sets as `NSIndexSet`; objects as themselves.
enum Boxing {
  static func box(_ value: Any?) -> Any {
    guard let value = unwrapped(value) else { return NSNull() }
    switch value {
    case let value as Bool: return NSNumber(value: value)
    case let value as Int: return NSNumber(value: value)
    case let value as UInt: return NSNumber(value: value)
    case let value as Int32: return NSNumber(value: value)
    case let value as Int64: return NSNumber(value: value)
    case let value as Double: return NSNumber(value: value)
    case let value as Float: return NSNumber(value: value)
    case let value as String: return NSString(string: value)
    case let value as IndexSet: return NSIndexSet(indexSet: value)
    case let value as [Any]: return NSArray(array: value.map { box($0) })
    case let value as any RawRepresentable: return box(value.rawValue)
    default: return value
    }
  }

  /// The value inside any number of optionals; `nil` for none.
  static func unwrapped(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return unwrapped(mirror.children.first?.value)
  }
}
#endif
