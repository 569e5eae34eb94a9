import ObservationToken

// The world the model-based test drives: documents, a cell holding one of them, raw
// observers, and the log every handler writes to. Single-threaded.

/// An object with a serial number, so a delivered subject can be named in the log.
protocol ReliabilityNumbered: AnyObject {
  var serial: Int { get }
}

/// A document like the Support `Document`, with more derived values: one that mirrors a
/// collection (its collection changes pass through), one whose value often stays the
/// same, and one whose dependencies depend on a flag.
final class ReliabilityDocument: KeyValueObservable, ReliabilityNumbered, CustomDebugStringConvertible {
  let serial: Int
  @Observed var title: String
  @Observed var isFavorite: Bool
  @Observed var tags: [String]

  /// Reads `isFavorite` and `title`.
  var displayTitle: String { isFavorite ? "★ " + title : title }
  /// Reads `tags` only and returns it unchanged: mirrors the property.
  var tagList: [String] { tags }
  /// Reads `tags` only; a replacement leaves it unchanged.
  var tagCount: Int { tags.count }
  /// Reads `isFavorite`, then `title` or `tags`, never both.
  var summary: String { isFavorite ? title : tags.joined(separator: ",") }

  init(serial: Int, title: String, isFavorite: Bool, tags: [String]) {
    self.serial = serial
    _title = Observed(wrappedValue: title)
    _isFavorite = Observed(wrappedValue: isFavorite)
    _tags = Observed(wrappedValue: tags)
  }

  var debugDescription: String { ReliabilityDocumentName(serial: serial).debugDescription }
}

/// How the log prints a document: what the reference model prints for one it only
/// knows by serial number.
struct ReliabilityDocumentName: CustomDebugStringConvertible {
  let serial: Int
  var debugDescription: String { "doc#\(serial)" }
}

/// Holds a replaceable document: the root of the chains.
final class ReliabilityCell: KeyValueObservable, ReliabilityNumbered {
  let serial: Int
  @Observed var document: ReliabilityDocument?

  init(serial: Int, document: ReliabilityDocument?) {
    self.serial = serial
    _document = Observed(wrappedValue: document)
  }
}

/// The key paths the test observes.
enum ReliabilityPath: String, CaseIterable, Sendable {
  // On a document.
  case title, isFavorite, tags, displayTitle, tagList, tagCount, summary
  // On the cell.
  case document
  case chainTitle = "document?.title"
  case chainTags = "document?.tags"
  case chainDisplayTitle = "document?.displayTitle"

  static let documentPaths: [ReliabilityPath] = [
    .title, .isFavorite, .tags, .displayTitle, .tagList, .tagCount, .summary,
  ]
  static let cellPaths: [ReliabilityPath] = [.document, .chainTitle, .chainTags, .chainDisplayTitle]

  var isOnCell: Bool { Self.cellPaths.contains(self) }

  /// Whether the value is `Equatable`, so `removingDuplicates:` can be used.
  var isEquatable: Bool { self != .document }

  /// The key path, for naming the one a raw observer was called for.
  var anyKeyPath: AnyKeyPath {
    switch self {
    case .title: \ReliabilityDocument.title
    case .isFavorite: \ReliabilityDocument.isFavorite
    case .tags: \ReliabilityDocument.tags
    case .displayTitle: \ReliabilityDocument.displayTitle
    case .tagList: \ReliabilityDocument.tagList
    case .tagCount: \ReliabilityDocument.tagCount
    case .summary: \ReliabilityDocument.summary
    case .document: \ReliabilityCell.document
    case .chainTitle: \ReliabilityCell.document?.title
    case .chainTags: \ReliabilityCell.document?.tags
    case .chainDisplayTitle: \ReliabilityCell.document?.displayTitle
    }
  }

  static func named(_ keyPath: AnyKeyPath) -> String {
    allCases.first { $0.anyKeyPath == keyPath }?.rawValue ?? "<unknown key path \(keyPath)>"
  }
}

/// Distinct context pointers for raw registrations; index 0 is the `nil` context.
enum ReliabilityContexts {
  nonisolated(unsafe) static let first = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
  nonisolated(unsafe) static let second = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

  static func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
    switch index {
    case 1: first
    case 2: second
    default: nil
    }
  }

  static func index(of pointer: UnsafeMutableRawPointer?) -> Int {
    switch pointer {
    case nil: 0
    case first: 1
    case second: 2
    default: -1
    }
  }
}

/// One delivered call, or one outcome the test checks in order with the calls.
struct ReliabilityNotification: Equatable, CustomStringConvertible {
  /// Who was called: `t7` for token 7, `o3 title c1` for observer 3's registration
  /// for `title` with context 1, or the name of an outcome.
  var receiver: String
  /// The serial number of the subject passed to the handler.
  var subject: Int
  var kind: KeyValueChange.Kind
  /// The old and new values as `String(reflecting:)` prints them; `∅` when absent.
  var old: String
  var new: String
  var indexes: [Range<Int>]?
  var isPrior: Bool

  static let absent = "∅"

  /// How a present or absent value is written.
  static func describe(_ value: Any?) -> String {
    value.map { String(reflecting: $0) } ?? absent
  }

  init(
    receiver: String,
    subject: Int,
    kind: KeyValueChange.Kind = .setting,
    old: String = absent,
    new: String = absent,
    indexes: [Range<Int>]? = nil,
    isPrior: Bool = false
  ) {
    self.receiver = receiver
    self.subject = subject
    self.kind = kind
    self.old = old
    self.new = new
    self.indexes = indexes
    self.isPrior = isPrior
  }

  var description: String {
    var text = "\(receiver) @\(subject) \(kind) \(old) → \(new)"
    if let indexes { text += " at \(indexes.map { "\($0.lowerBound)..<\($0.upperBound)" })" }
    if isPrior { text += " (prior)" }
    return text
  }
}

/// Every call of every handler, in order. Single-threaded.
final class ReliabilityLog {
  var entries: [ReliabilityNotification] = []

  /// Takes the entries logged since the last call.
  func take() -> [ReliabilityNotification] {
    defer { entries.removeAll(keepingCapacity: true) }
    return entries
  }

  func record<Value>(_ receiver: String, subject: Int, _ change: ObservedChange<Value>) {
    entries.append(
      ReliabilityNotification(
        receiver: receiver,
        subject: subject,
        kind: change.kind,
        old: ReliabilityNotification.describe(change.oldValue.map { $0 as Any }),
        new: ReliabilityNotification.describe(change.newValue.map { $0 as Any }),
        indexes: change.indexes.map { Array($0.ranges) },
        isPrior: change.isPrior
      )
    )
  }
}

/// A raw observer that logs each call, named by its serial, the key path and the context.
final class ReliabilityRawObserver: KeyValueObserving, ReliabilityNumbered {
  let serial: Int
  private let log: ReliabilityLog

  init(serial: Int, log: ReliabilityLog) {
    self.serial = serial
    self.log = log
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    log.entries.append(
      ReliabilityNotification(
        receiver: Self.receiver(
          serial: serial,
          path: ReliabilityPath.named(keyPath),
          context: ReliabilityContexts.index(of: context)
        ),
        subject: (object as? any ReliabilityNumbered)?.serial ?? -1,
        kind: change.kind,
        old: ReliabilityNotification.describe(change.oldValue),
        new: ReliabilityNotification.describe(change.newValue),
        indexes: change.indexes.map { Array($0.ranges) },
        isPrior: change.isPrior
      )
    )
  }

  static func receiver(serial: Int, path: String, context: Int) -> String {
    "o\(serial) \(path) c\(context)"
  }
}

/// An object for a handler to capture: a weak reference to it tells whether the engine
/// still keeps the handler.
final class ReliabilityProbe {}

/// A weak reference to check after a scenario.
final class ReliabilityWeak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object?) {
    self.object = object
  }

  var isAlive: Bool { object != nil }
}
