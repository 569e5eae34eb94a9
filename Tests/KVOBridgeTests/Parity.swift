#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

/// Every Apple declaration the KVO bridge and its tests use, pinned by a typed reference:
/// names, labels, types, optionality, defaults and raw values. It compiles against real
/// Foundation on Apple and against the model of KVO on Linux, so any Apple build checks
/// that the two agree. Nothing here runs.
enum Parity {
  static func pin(_ subject: NSObject, _ observer: NSObject, _ context: UnsafeMutableRawPointer?) {
    // NSObject (NSKeyValueObserverRegistration, NSKeyValueObserving, NSKeyValueCoding).
    let _: (NSObject) -> (NSObject, String, NSKeyValueObservingOptions, UnsafeMutableRawPointer?) -> Void =
      NSObject.addObserver(_:forKeyPath:options:context:)
    subject.addObserver(observer, forKeyPath: "rate", context: context)  // options defaults to []
    let _: (NSObject) -> (NSObject, String, UnsafeMutableRawPointer?) -> Void =
      NSObject.removeObserver(_:forKeyPath:context:)
    let _: (NSObject) -> (NSObject, String) -> Void = NSObject.removeObserver(_:forKeyPath:)
    let _: (NSObject) -> (String?, Any?, [NSKeyValueChangeKey: Any]?, UnsafeMutableRawPointer?) -> Void =
      NSObject.observeValue(forKeyPath:of:change:context:)
    let _: (NSObject) -> (String) -> Void = NSObject.willChangeValue(forKey:)
    let _: (NSObject) -> (String) -> Void = NSObject.didChangeValue(forKey:)
    let _: (NSObject) -> (NSKeyValueChange, IndexSet, String) -> Void = NSObject.willChange(_:valuesAt:forKey:)
    let _: (NSObject) -> (NSKeyValueChange, IndexSet, String) -> Void = NSObject.didChange(_:valuesAt:forKey:)
    let _: (NSObject) -> (String) -> Any? = NSObject.value(forKey:)

    // NSKeyValueObservingOptions: an OptionSet of UInt.
    let _: UInt = NSKeyValueObservingOptions.new.rawValue
    let _: [NSKeyValueObservingOptions] = [.new, .old, .initial, .prior]
    let _: (UInt) -> NSKeyValueObservingOptions = NSKeyValueObservingOptions.init(rawValue:)

    // NSKeyValueChange: an enum of UInt, .setting = 1 ... .replacement = 4.
    let _: (UInt) -> NSKeyValueChange? = NSKeyValueChange.init(rawValue:)
    let _: [NSKeyValueChange] = [.setting, .insertion, .removal, .replacement]

    // NSKeyValueChangeKey: a string enum with both initializers.
    let _: (String) -> NSKeyValueChangeKey = NSKeyValueChangeKey.init(rawValue:)
    let _: (String) -> NSKeyValueChangeKey = NSKeyValueChangeKey.init(_:)
    let _: [NSKeyValueChangeKey] = [.kindKey, .newKey, .oldKey, .indexesKey, .notificationIsPriorKey]

    // Associated objects (ObjectiveC).
    let _: (Any, UnsafeRawPointer, Any?, objc_AssociationPolicy) -> Void = objc_setAssociatedObject
    let _: (Any, UnsafeRawPointer) -> Any? = objc_getAssociatedObject
    let _: objc_AssociationPolicy = .OBJC_ASSOCIATION_RETAIN

    // The key path's Objective-C form (SR-5220).
    let _: String? = (\NSObject.self as AnyKeyPath)._kvcKeyPathString
  }

  /// Raw values, checked where they are declared (a wrong one fails to compile on neither
  /// side, so the model's tests check these values and Apple's are the header's).
  static let rawValues: [(String, UInt)] = [
    ("new", NSKeyValueObservingOptions.new.rawValue), ("old", NSKeyValueObservingOptions.old.rawValue),
    ("initial", NSKeyValueObservingOptions.initial.rawValue), ("prior", NSKeyValueObservingOptions.prior.rawValue),
    ("setting", NSKeyValueChange.setting.rawValue), ("insertion", NSKeyValueChange.insertion.rawValue),
    ("removal", NSKeyValueChange.removal.rawValue), ("replacement", NSKeyValueChange.replacement.rawValue),
    ("RETAIN", objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN.rawValue),
  ]
}
