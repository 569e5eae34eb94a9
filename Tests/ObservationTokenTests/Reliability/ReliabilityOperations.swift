import ObservationToken

/// The object an operation observes or addresses: a document by its slot, or the cell.
enum ReliabilityTarget: Equatable, CustomStringConvertible {
  case document(slot: Int)
  case cell

  var description: String {
    switch self {
    case .document(let slot): "doc[\(slot)]"
    case .cell: "cell"
    }
  }
}

/// How a token's handler is written.
enum ReliabilityHandlerStyle: Equatable, CustomStringConvertible {
  /// `observe(_:options:) { subject, change in }`
  case plain
  /// `observe(_:options:) { subject, change, token in }`
  case passesToken
  /// `observe(_:options:removingDuplicates:) { subject, change in }`
  case removingDuplicates(Bool)

  var description: String {
    switch self {
    case .plain: ""
    case .passesToken: " passing its token"
    case .removingDuplicates(let removes): " removingDuplicates: \(removes)"
    }
  }
}

/// A token to create.
struct ReliabilityTokenSpec: Equatable {
  var token: Int
  var target: ReliabilityTarget
  var path: ReliabilityPath
  /// A subset of `[.initial, .prior]`.
  var options: KeyValueObservingOptions
  var style: ReliabilityHandlerStyle
  /// Whether the token is kept in the bag rather than in the test's list.
  var inBag: Bool
  /// What the handler does each time it is called, after logging the call.
  var effect: ReliabilityHandlerEffect?
}

/// What a token's handler does from inside its delivery.
enum ReliabilityHandlerEffect: Equatable, CustomStringConvertible {
  /// Invalidates another token the test holds, in its list or its bag.
  case invalidate(token: Int)
  /// Releases the test's reference to a token held in its list (its only one).
  case drop(token: Int)
  /// Invalidates its own token, passed to the handler (even in the `.initial` call).
  case invalidateItself
  /// Releases the test's reference to its own token, once the test holds it in its list.
  case dropItself

  var description: String {
    switch self {
    case .invalidate(let token): "t\(token).invalidate()"
    case .drop(let token): "t\(token) = nil"
    case .invalidateItself: "invalidate() on the token it is passed"
    case .dropItself: "the release of its own token"
    }
  }
}

/// A raw registration to add.
struct ReliabilityRawSpec: Equatable {
  /// The observer's slot.
  var observer: Int
  var target: ReliabilityTarget
  var path: ReliabilityPath
  /// Any subset of `[.old, .new, .initial, .prior]`.
  var options: KeyValueObservingOptions
  /// An index into ``ReliabilityContexts``; 0 is `nil`.
  var context: Int
}

/// Which `removeObserver` to call.
enum ReliabilityContextChoice: Equatable, CustomStringConvertible {
  /// `removeObserver(_:forKeyPath:)`: any context.
  case any
  /// `removeObserver(_:forKeyPath:context:)` with this context index (0 is `nil`).
  case exactly(Int)

  var description: String {
    switch self {
    case .any: "any context"
    case .exactly(let context): "context: c\(context)"
    }
  }
}

/// What a new world starts with.
struct ReliabilitySetup {
  struct DocumentValues: Equatable {
    var title: String
    var isFavorite: Bool
    var tags: [String]
  }

  var documents: [DocumentValues]
  /// The slot of the document the cell starts with.
  var cellDocument: Int?
  var observerCount = 2

  static let titles = ["A", "B", "C"]
  static let tagElements = ["x", "y", "z"]

  static func randomTags(_ random: inout ReliabilityRandom, count: ClosedRange<Int> = 0...3) -> [String] {
    (0..<random.int(in: count)).map { _ in random.element(of: tagElements) }
  }

  static func randomDocument(_ random: inout ReliabilityRandom) -> DocumentValues {
    DocumentValues(
      title: random.element(of: titles),
      isFavorite: random.chance(50),
      tags: randomTags(&random)
    )
  }

  static func random(_ random: inout ReliabilityRandom) -> ReliabilitySetup {
    let documents = (0..<random.int(in: 2...3)).map { _ in randomDocument(&random) }
    return ReliabilitySetup(
      documents: documents,
      cellDocument: random.chance(80) ? random.below(documents.count) : nil
    )
  }

  /// Serial numbers: documents first, then the cell, then the observers.
  var cellSerial: Int { documents.count + 1 }
  func observerSerial(_ slot: Int) -> Int { documents.count + 2 + slot }
  var nextSerial: Int { documents.count + 2 + observerCount }
}

/// One step of a random sequence, applied to the engine and to the reference model.
enum ReliabilityOperation: Equatable, CustomStringConvertible {
  case setTitle(slot: Int, String)
  case setFavorite(slot: Int, Bool)
  case assignTags(slot: Int, [String])
  case appendTag(slot: Int, String)
  case insertTag(slot: Int, String, at: Int)
  case removeTag(slot: Int, at: Int)
  case replaceTags(slot: Int, Range<Int>, with: [String])
  case setTag(slot: Int, at: Int, String)
  case removeAllTags(slot: Int)
  case appendTags(slot: Int, [String])
  /// `cell.document = documents[slot]`, or `nil`.
  case setCellDocument(slot: Int?)
  case observe(ReliabilityTokenSpec)
  case addObserver(ReliabilityRawSpec)
  case removeObserver(observer: Int, target: ReliabilityTarget, path: ReliabilityPath, ReliabilityContextChoice)
  case invalidate(token: Int)
  /// Releases the test's reference to a token held in its list (its only one).
  case dropToken(Int)
  case emptyBag
  /// Puts a new document in a slot, releasing the old one unless the cell holds it.
  case replaceDocument(slot: Int, ReliabilitySetup.DocumentValues)
  /// Replaces (and releases) the cell; the new one holds the document in `slot`.
  case replaceCell(documentSlot: Int?)
  /// Releases the observer in a slot, replacing it with a new one.
  case replaceObserver(slot: Int)

  var description: String {
    switch self {
    case .setTitle(let slot, let title): "doc[\(slot)].title = \(title.debugDescription)"
    case .setFavorite(let slot, let value): "doc[\(slot)].isFavorite = \(value)"
    case .assignTags(let slot, let tags): "doc[\(slot)].tags = \(tags)"
    case .appendTag(let slot, let tag): "doc[\(slot)].$tags.append(\(tag.debugDescription))"
    case .insertTag(let slot, let tag, let index): "doc[\(slot)].$tags.insert(\(tag.debugDescription), at: \(index))"
    case .removeTag(let slot, let index): "doc[\(slot)].$tags.remove(at: \(index))"
    case .replaceTags(let slot, let range, let tags):
      "doc[\(slot)].$tags.replaceSubrange(\(range.lowerBound)..<\(range.upperBound), with: \(tags))"
    case .setTag(let slot, let index, let tag): "doc[\(slot)].$tags[\(index)] = \(tag.debugDescription)"
    case .removeAllTags(let slot): "doc[\(slot)].$tags.removeAll()"
    case .appendTags(let slot, let tags): "doc[\(slot)].$tags.append(contentsOf: \(tags))"
    case .setCellDocument(let slot): "cell.document = \(slot.map { "doc[\($0)]" } ?? "nil")"
    case .observe(let spec):
      "t\(spec.token) = \(spec.target).observe(\\.\(spec.path.rawValue), options: \(spec.options))"
        + "\(spec.style)\(spec.inBag ? ", stored in the bag" : "")"
        + (spec.effect.map { ", its handler then doing \($0)" } ?? "")
    case .addObserver(let spec):
      "\(spec.target).addObserver(observer[\(spec.observer)], forKeyPath: \\.\(spec.path.rawValue), "
        + "options: \(spec.options), context: c\(spec.context))"
    case .removeObserver(let observer, let target, let path, let context):
      "\(target).removeObserver(observer[\(observer)], forKeyPath: \\.\(path.rawValue), \(context))"
    case .invalidate(let token): "t\(token).invalidate()"
    case .dropToken(let token): "t\(token) = nil"
    case .emptyBag: "bag.removeAll()"
    case .replaceDocument(let slot, let values):
      "doc[\(slot)] = new document(title: \(values.title.debugDescription), isFavorite: \(values.isFavorite), "
        + "tags: \(values.tags))"
    case .replaceCell(let slot): "cell = new cell(document: \(slot.map { "doc[\($0)]" } ?? "nil"))"
    case .replaceObserver(let slot): "observer[\(slot)] = new observer"
    }
  }
}
