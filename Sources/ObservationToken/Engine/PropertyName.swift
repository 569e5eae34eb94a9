/// Names properties and key paths in messages and descriptions.
///
/// The runtime cannot name computed key path components, and `@Observed` properties are
/// computed. Their names come from reflection of the object, in code that reports
/// (descriptions, errors) — never from the storage key path, which must not escape the
/// property's inlined accessors.
enum PropertyName {
  /// The property behind a wrapper's storage key path: `\Document._title` becomes
  /// `\Document.title`.
  static func ofStorage(_ storageKeyPath: AnyKeyPath) -> String {
    var text = String(describing: storageKeyPath)
    if let underscore = text.lastIndex(of: "_"), underscore > text.startIndex,
      text[text.index(before: underscore)] == "."
    {
      text.remove(at: underscore)
    }
    return text
  }

  /// A key path as the runtime prints it, without the code addresses it adds to
  /// computed components.
  static func ofKeyPath(_ keyPath: AnyKeyPath) -> String {
    var result = ""
    var rest = Substring(String(describing: keyPath))
    while let start = rest.firstRange(of: " 0x") {
      result += rest[..<start.lowerBound]
      rest = rest[start.upperBound...].drop(while: \.isHexDigit)
    }
    return result + rest
  }

  /// A key path named through the properties it read: `\Document.title` when it is one
  /// component reading one property, otherwise the printed key path and what it reads.
  static func ofKeyPath(_ keyPath: AnyKeyPath, reading dependencies: [Dependency]) -> String {
    let names = dependencies.map { of($0.observers, in: $0.subject) }
    let printed = ofKeyPath(keyPath)
    let components = printed.split(separator: "<computed").count - 1
    if dependencies.count == 1, components == 1, !printed.contains("?") { return names[0] }
    guard printed.contains("<computed"), !names.isEmpty else { return printed }
    return printed + " reading " + names.joined(separator: ", ")
  }

  /// The property of `subject` whose observer list is `observers`, as `\Type.name`.
  /// Reflection reads the object's stored properties: use it only to report.
  static func of(_ observers: PropertyObservers, in subject: AnyObject) -> String {
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror {
      for child in current.children {
        if let storage = child.value as? any ObservedStorage, storage.anyObservers === observers,
          let label = child.label
        {
          return "\\\(current.subjectType).\(label.drop { $0 == "_" })"
        }
      }
      mirror = current.superclassMirror
    }
    return "\\\(type(of: subject)).<@Observed property>"
  }
}
