import ObservationToken

/// A plain observable model: two scalar properties, a collection, and a computed
/// property that reads two of them.
///
/// `@unchecked Sendable`: its `@Observed` values are ordinary storage, so a test that
/// touches one property from several threads guards that property with its own lock.
final class Document: KeyValueObservable, @unchecked Sendable {
  @Observed var title: String
  @Observed var isFavorite: Bool
  @Observed var tags: [String]

  /// A derived value with two dependencies, `isFavorite` and `title`.
  var displayTitle: String { isFavorite ? "★ " + title : title }

  init(title: String = "Untitled", isFavorite: Bool = false, tags: [String] = []) {
    _title = Observed(wrappedValue: title)
    _isFavorite = Observed(wrappedValue: isFavorite)
    _tags = Observed(wrappedValue: tags)
  }
}

/// Holds a replaceable ``Document``: the root of chains such as `\DocumentCell.document?.title`.
///
/// `@unchecked Sendable` for the same reason as ``Document``.
final class DocumentCell: KeyValueObservable, @unchecked Sendable {
  @Observed var document: Document?

  init(document: Document? = nil) {
    _document = Observed(wrappedValue: document)
  }
}
