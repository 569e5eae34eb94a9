/// What the engine needs to see of any `@Observed` storage, whatever its value type.
protocol ObservedStorage {
  /// The property's observer list; `nil` until it is first observed.
  var anyObservers: PropertyObservers? { get }
  /// The type of the property's values.
  static var valueType: Any.Type { get }
  /// The property's value when that is an object; see ``ReflectedProperty/object``.
  var objectValue: AnyObject? { get }
  /// The property's value.
  var anyValue: Any { get }
}

extension Observed: ObservedStorage {
  var anyObservers: PropertyObservers? { observers }
  static var valueType: Any.Type { Value.self }
  var objectValue: AnyObject? { ReflectedProperty.object(in: value) }
  var anyValue: Any { value }
}
