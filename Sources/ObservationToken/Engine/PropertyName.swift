/// Names properties and key paths in messages and descriptions.
///
/// The runtime cannot name computed key path components, and `@Observed` properties are
/// computed: messages print key paths as the runtime does, and only
/// ``KeyValueObservable/observationDescription``, which reflects the object, names them.
/// The storage key path names a property, but it must not escape the property's inlined
/// accessors; only the collection projection, which has it anyway, uses it.
@usableFromInline
enum PropertyName {
  /// The property behind a wrapper's storage key path: `\Document._title` becomes
  /// `\Document.title`.
  @usableFromInline
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
}
