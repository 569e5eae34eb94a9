/// Misuse of the raw layer that a caller can catch.
public enum KeyValueObservingError: Error, Equatable, CustomStringConvertible {
  /// ``KeyValueObservable/removeObserver(_:forKeyPath:context:)-(_,_,KeyValueObservingContext)`` found no registration
  /// of that observer, key path and context. Nothing else was changed.
  ///
  /// - Parameters:
  ///   - observerType: The type of the observer passed in.
  ///   - keyPath: The key path passed in, as written where it can be named.
  ///   - context: The context passed in, as an address, or `nil` when any context matches.
  case notRegistered(observerType: String, keyPath: String, context: String?)

  /// A sentence that names what was wrong.
  public var description: String {
    switch self {
    case .notRegistered(let observerType, let keyPath, let context):
      let contextText = context.map { " with context \($0)" } ?? ""
      return "Cannot remove an observer of type \(observerType) for the key path \(keyPath)\(contextText) "
        + "because it is not registered."
    }
  }
}
