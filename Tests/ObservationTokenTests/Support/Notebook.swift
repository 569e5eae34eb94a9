import ObservationToken

/// Holds its documents in an `@Observed` array: the root of key paths through a
/// collection's subscript, such as `\Notebook.$documents[0].title`.
///
/// `@unchecked Sendable` for the same reason as ``Document``.
final class Notebook: KeyValueObservable, @unchecked Sendable {
  @Observed var documents: [Document]

  init(documents: [Document] = []) {
    _documents = Observed(wrappedValue: documents)
  }
}
