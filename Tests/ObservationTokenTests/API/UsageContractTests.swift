import ObservationToken
import Testing

/// The usage contract of the design document, written as a user writes it (events,
/// queue delivery and async values come later), with what each line promises checked.
@Suite("The usage contract")
struct UsageContractTests {
  final class ContractDocument: KeyValueObservable {
    @Observed var title = "Untitled"
    @Observed var isFavorite = false
    @Observed var tags: [String] = []
    var displayTitle: String { isFavorite ? "★ " + title : title }  // derived
  }

  final class ContractCell: KeyValueObservable {
    @Observed var document: ContractDocument?
    var titleText = ""
    var isFavoriteSelected = false
  }

  final class LegacyObserver: KeyValueObserving {
    var changes: [KeyValueChange] = []

    func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {
      changes.append(change)
    }
  }

  nonisolated(unsafe) private static var legacyContext = 0

  @Test("Every snippet of the contract compiles and behaves as written")
  func contract() throws {
    let document = ContractDocument()

    var seen: [String] = []
    var token: ObservationToken? = document.observe(\.title) { document, change in
      seen.append("\(change.oldValue!) \(change.newValue!)")  // "Untitled" "Draft"
    }
    document.title = "Draft"
    #expect(seen == ["Untitled Draft"])
    token = nil
    document.title = "Later"
    #expect(seen == ["Untitled Draft"] && token == nil)

    var calls: [(KeyValueChange.Kind, Bool, RangeSet<Int>?)] = []
    let t2 = document.observe(\.title, options: [.initial, .prior]) { _, change in
      calls.append((change.kind, change.isPrior, change.indexes))
    }
    document.title = "Next"
    #expect(calls.map(\.1) == [false, true, false])
    t2.invalidate()
    #expect(!t2.isValid)

    let cell = ContractCell()
    var chained: [String?] = []
    let t3 = cell.observe(\.document?.title) { _, change in chained.append(change.newValue ?? nil) }
    var derived: [String] = []
    let t4 = document.observe(\.displayTitle) { _, change in derived.append(change.newValue!) }
    cell.document = document
    document.isFavorite = true
    #expect(chained == ["Next"] && derived == ["★ Next"])

    var bag = ObservationBag()
    var favorites = 0
    document.observe(\.isFavorite) { _, _ in favorites += 1 }.store(in: &bag)
    bag.removeAll()
    document.isFavorite = false
    #expect(favorites == 0)

    document.bind(\.title, to: cell, \.titleText).store(in: &bag)
    document.bind(\.isFavorite, to: cell, \.isFavoriteSelected).store(in: &bag)
    #expect(cell.titleText == "Next" && !cell.isFavoriteSelected)
    document.isFavorite = true
    #expect(cell.isFavoriteSelected)

    var collection: [(KeyValueChange.Kind, [Range<Int>])] = []
    let t5 = document.observe(\.tags) { _, change in
      collection.append((change.kind, Array(change.indexes!.ranges)))
    }
    document.$tags.append("swift")  // .insertion at [0]
    document.$tags[0] = "kvo"  // .replacement at [0]
    document.$tags.remove(at: 0)  // .removal at [0]
    #expect(collection.map(\.0) == [.insertion, .replacement, .removal])
    #expect(collection.allSatisfy { $0.1 == [0..<1] })

    let legacy = LegacyObserver()
    document.addObserver(
      legacy,
      forKeyPath: \ContractDocument.title,
      options: [.old, .new],
      context: &Self.legacyContext
    )
    document.title = "Legacy"
    #expect(legacy.changes.count == 1)
    try document.removeObserver(legacy, forKeyPath: \ContractDocument.title, context: &Self.legacyContext)
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(legacy, forKeyPath: \ContractDocument.title, context: &Self.legacyContext)
    }
    withExtendedLifetime((t3, t4, t5, bag)) {}
  }
}
