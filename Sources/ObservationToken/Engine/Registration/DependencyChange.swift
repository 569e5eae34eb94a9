/// A dependency's change as it arrives: its ``ErasedValue`` and the function that reads it
/// without its type, so a registration pays for that only when it uses it.
@usableFromInline
struct DependencyChange {
  let change: ErasedValue?
  let untype: ((ErasedValue) -> KeyValueChange)?

  /// The change with its values as `Any`; `nil` when it came from no change (a release).
  @usableFromInline var untyped: KeyValueChange? {
    guard let change, let untype else { return nil }
    return untype(change)
  }
}
