#if (canImport(ObjectiveC) && !KVO_BRIDGE_COPY) || KVO_SHIM
#if KVO_SHIM
@testable import ObservationToken
import KVOShim
#else
import Foundation
#endif

/// Reads KVO's change dictionary as an ``ObservedChange`` of `Value`, undoing how
/// Objective-C boxed it.
///
/// - `NSNull` is read as Foundation's own `observe(_:options:changeHandler:)` reads it
///   (`stdlib/public/Darwin/Foundation/NSObject.swift`): a value that is an `NSNull` —
///   of an `Any`, `AnyObject` or `NSNull` property, or an `Any?` holding one — is that
///   `NSNull`; for any other optional `Value` it is a `nil` that is there (`.some(nil)`,
///   SR-6066); for any other `Value` it is absent.
/// - Numbers and Booleans arrive as `NSNumber`, and bridge back by cast; an `@objc enum`
///   arrives as its raw value's `NSNumber`, and is made again from it.
/// - A to-many change carries its kind, its indexes (`NSIndexSet`, read as ranges) and
///   only the affected elements, as an array: `Value` is then the property's array type.
/// - A `.prior` notification is marked with `isPrior`; it has the old value only.
enum KVOChangeReader<Value> {
  static func change(from dictionary: [NSKeyValueChangeKey: Any]) -> ObservedChange<Value> {
    ObservedChange(
      kind: kind(dictionary[.kindKey]),
      oldValue: value(dictionary[.oldKey]),
      newValue: value(dictionary[.newKey]),
      indexRanges: (dictionary[.indexesKey] as? IndexSet).map { $0.rangeView.map { $0 } },
      isPrior: dictionary[.notificationIsPriorKey] as? Bool ?? false
    )
  }

  private static func kind(_ boxed: Any?) -> KeyValueChange.Kind {
    switch (boxed as? UInt).flatMap(NSKeyValueChange.init(rawValue:)) {
    case .insertion: .insertion
    case .removal: .removal
    case .replacement: .replacement
    case .setting, nil: .setting
    }
  }

  /// The value a notification carries, `nil` when it carries none.
  static func value(_ boxed: Any?) -> Value? {
    guard let boxed else { return nil }
    if let value = boxed as? Value { return value }
    // Only an optional takes the nil; casting it to anything else fails: absent.
    if boxed is NSNull { return Optional<Any>.none as? Value }
    return KVOBoxedValue.unboxed(boxed, as: Value.self) as? Value
  }
}

/// What a cast cannot undo: an `@objc enum` made again from its raw value, also inside an
/// optional.
enum KVOBoxedValue {
  static func unboxed(_ boxed: Any, as type: Any.Type) -> Any? {
    if let optional = type as? any KVOOptional.Type {
      return optional.wrapping(unboxed(boxed, as: optional.wrappedType))
    }
    guard let rawRepresentable = type as? any RawRepresentable.Type else { return nil }
    return fromRawValue(boxed, as: rawRepresentable)
  }

  private static func fromRawValue<Represented: RawRepresentable>(_ boxed: Any, as type: Represented.Type) -> Any? {
    (boxed as? Represented.RawValue).flatMap(Represented.init(rawValue:))
  }
}

/// An optional type, opened: what it wraps, and how to wrap a value of it.
protocol KVOOptional {
  static var wrappedType: Any.Type { get }
  static func wrapping(_ value: Any?) -> Any?
}

extension Optional: KVOOptional {
  static var wrappedType: Any.Type { Wrapped.self }

  static func wrapping(_ value: Any?) -> Any? {
    guard let wrapped = value as? Wrapped else { return nil }
    return Optional(wrapped)
  }
}
#endif
