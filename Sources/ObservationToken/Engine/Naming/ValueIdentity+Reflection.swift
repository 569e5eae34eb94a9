extension ValueIdentity {
  /// Whether `first` and `second` are the very same value — the same type and bits, each
  /// taken out of any optionals around it: a chain's value is the last property's,
  /// wrapped in an optional for each `?` along the way. A value of more than 32 bytes is
  /// never the same.
  static func same(_ first: Any, _ second: Any) -> Bool {
    func identity<Value>(_ value: Value) -> ValueIdentity { ValueIdentity(of: value) }
    let first = _openExistential(unwrapped(first), do: identity)
    let second = _openExistential(unwrapped(second), do: identity)
    return first.large == nil && second.large == nil && first.hasSameBits(as: second)
  }

  /// `value` without the optionals around it; `value` itself when one of them is `nil`.
  private static func unwrapped(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let wrapped = mirror.children.first else { return value }
    return unwrapped(wrapped.value)
  }
}
