import ObservationToken
import Testing

/// An object for a handler to capture, so that a weak reference to it tells whether
/// anything still keeps the handler alive.
final class TokenProbe {}

/// Holds a weak reference, to check after a scope that an object was freed.
final class TokenWeakBox {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}

/// Holds its document in a constant, so `\TokenDocumentHolder.document.title` is a chain
/// whose only `@Observed` property belongs to another object than the subject.
final class TokenDocumentHolder: KeyValueObservable {
  let document: Document

  init(document: Document) {
    self.document = document
  }
}

/// One call of a handler, with the values flattened to `String?` whatever the key path's
/// value type (`String` or `String?`).
struct TokenCall: Equatable, CustomStringConvertible {
  var kind: KeyValueChange.Kind
  var oldValue: String?
  var newValue: String?
  var isPrior: Bool

  init(
    kind: KeyValueChange.Kind = .setting,
    old oldValue: String? = nil,
    new newValue: String? = nil,
    isPrior: Bool = false
  ) {
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
    self.isPrior = isPrior
  }

  init(_ change: ObservedChange<String>) {
    self.init(kind: change.kind, old: change.oldValue, new: change.newValue, isPrior: change.isPrior)
  }

  init(_ change: ObservedChange<String?>) {
    self.init(kind: change.kind, old: change.oldValue ?? nil, new: change.newValue ?? nil, isPrior: change.isPrior)
  }

  var description: String {
    "\(kind) \(oldValue ?? "nil") → \(newValue ?? "nil")\(isPrior ? " (prior)" : "")"
  }
}

/// The shapes of key path a token can observe. Every shape reads `document.title` of the
/// document it is given, so setting that title changes the observed value in each.
enum TokenKeyPathShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `\Document.title`: one `@Observed` property of the subject.
  case property
  /// `\Document.displayTitle`: a computed property of the subject.
  case derived
  /// `\DocumentCell.document?.title`: a chain through a replaceable document.
  case chain
  /// `\TokenDocumentHolder.document.title`: a chain through a constant, so the subject
  /// itself has no `@Observed` property on the path.
  case chainThroughConstant

  var testDescription: String {
    switch self {
    case .property: "\\Document.title"
    case .derived: "\\Document.displayTitle"
    case .chain: "\\DocumentCell.document?.title"
    case .chainThroughConstant: "\\TokenDocumentHolder.document.title"
    }
  }

  /// Observes `document.title` through a new subject of this shape (the document itself
  /// for `.property` and `.derived`), with a handler that receives its token.
  ///
  /// - Returns: The token, and the subject, which nothing else keeps alive.
  func observe(
    _ document: Document,
    options: KeyValueObservingOptions = [],
    handler: @escaping (TokenCall, ObservationToken) -> Void
  ) -> (token: ObservationToken, subject: AnyObject) {
    switch self {
    case .property:
      let token = document.observe(\.title, options: options) { _, change, token in
        handler(TokenCall(change), token)
      }
      return (token, document)
    case .derived:
      let token = document.observe(\.displayTitle, options: options) { _, change, token in
        handler(TokenCall(change), token)
      }
      return (token, document)
    case .chain:
      let cell = DocumentCell(document: document)
      let token = cell.observe(\.document?.title, options: options) { _, change, token in
        handler(TokenCall(change), token)
      }
      return (token, cell)
    case .chainThroughConstant:
      let holder = TokenDocumentHolder(document: document)
      let token = holder.observe(\.document.title, options: options) { _, change, token in
        handler(TokenCall(change), token)
      }
      return (token, holder)
    }
  }

  /// Whether the subject is the document itself rather than an object referring to it.
  var subjectIsDocument: Bool {
    switch self {
    case .property, .derived: true
    case .chain, .chainThroughConstant: false
    }
  }
}
