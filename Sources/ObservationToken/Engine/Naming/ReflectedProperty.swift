/// One `@Observed` property of one object, as reflection finds it: what descriptions and
/// messages need to name the property as written in source.
///
/// Reflection reads the object's storage, so it runs under the object's storage lock, as
/// a tracked read does (a first observation on another thread may be storing a list). A
/// type with a custom mirror is reflected without the lock: its mirror is user code,
/// which never runs under a lock of the package. Cold paths only: descriptions, errors,
/// messages.
struct ReflectedProperty {
  /// The property as written: `title` for its storage `_title`.
  let name: String
  /// The class that declares it.
  let declaringType: Any.Type
  /// Its observer list; `nil` until it is first observed.
  let observers: PropertyObservers?
  /// The type of its values.
  let valueType: Any.Type
  /// Its value when that is an object, or an optional holding one: the next object of a
  /// chain through it.
  let object: AnyObject?
  /// Its value.
  let value: Any

  /// The property as `\Document.title`.
  var path: String { "\\\(declaringType).\(name)" }

  /// The `@Observed` properties of `object`: its class's, then each superclass's.
  static func all(of object: AnyObject) -> [ReflectedProperty] {
    func reflect() -> [ReflectedProperty] {
      var properties: [ReflectedProperty] = []
      var mirror: Mirror? = Mirror(reflecting: object)
      while let current = mirror {
        for child in current.children {
          guard let storage = child.value as? any ObservedStorage else { continue }
          properties.append(
            ReflectedProperty(
              name: child.label.map { String($0.drop(while: { $0 == "_" })) } ?? "?",
              declaringType: current.subjectType,
              observers: storage.anyObservers,
              valueType: type(of: storage).valueType,
              object: storage.objectValue,
              value: storage.anyValue
            )
          )
        }
        mirror = current.superclassMirror
      }
      return properties
    }
    if object is CustomReflectable { return reflect() }
    return ObservedStorageLocks.withLock(for: object, reflect)
  }

  /// The `@Observed` property of `type`, inherited ones included, whose storage lies
  /// `offset` bytes from an instance's start — its name as written and the type of its
  /// values — found from the type alone; `nil` when the field there is not `@Observed`.
  static func observedField(in type: Any.Type, storedAt offset: Int) -> (name: String, valueType: Any.Type)? {
    var found: (name: String, valueType: Any.Type)?
    StoredFields.forEach(of: type) { name, fieldOffset, fieldType in
      guard fieldOffset == offset else { return true }
      if let storage = fieldType as? any ObservedStorage.Type {
        found = (String(name.drop(while: { $0 == "_" })), storage.valueType)
      }
      return false
    }
    return found
  }

  /// The object `value` is, or holds as an optional; `nil` for any other value.
  static func object(in value: Any) -> AnyObject? {
    if type(of: value) is AnyClass { return value as AnyObject }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let wrapped = mirror.children.first else { return nil }
    return object(in: wrapped.value)
  }
}
