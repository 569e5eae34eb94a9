#if !canImport(ObjectiveC)
extension AnyKeyPath {
  /// The model's answer to the standard library's `_kvcKeyPathString` (SR-5220), which it
  /// shadows: the Objective-C key path on Apple, non-nil only for a path of `@objc`
  /// properties — always `nil` on Linux. The model answers for the key paths a subject
  /// declares in ``NSObject/kvoShimKeyPaths``, the model's stand-in for `@objc dynamic`;
  /// any other key path is `nil`, as a plain Swift property's is on Apple.
  public var _kvcKeyPathString: String? {
    guard let root = type(of: self).rootType as? NSObject.Type else { return nil }
    return root.kvoShimKeyPaths[self]
  }
}
#endif
