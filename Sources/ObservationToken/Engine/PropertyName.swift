/// Names properties and key paths in messages and descriptions.
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

  /// A key path as written, where the runtime can name it. Components the runtime cannot
  /// name (computed ones, which include `@Observed` properties) are named through what
  /// the key path reads: the property itself when it is exactly one, else a list.
  static func ofKeyPath(_ keyPath: AnyKeyPath, dependencies: [Dependency] = []) -> String {
    let text = withoutAddresses(String(describing: keyPath))
    guard text.contains("<computed"), !dependencies.isEmpty else { return text }
    if dependencies.count == 1, dependencies[0].keyPath == keyPath {
      return ofStorage(dependencies[0].storageKeyPath)
    }
    return text + " reading " + dependencies.map { ofStorage($0.storageKeyPath) }.joined(separator: ", ")
  }

  /// Drops the code addresses the runtime prints for computed components.
  private static func withoutAddresses(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let start = rest.firstRange(of: " 0x") {
      result += rest[..<start.lowerBound]
      rest = rest[start.upperBound...].drop(while: \.isHexDigit)
    }
    return result + rest
  }
}
