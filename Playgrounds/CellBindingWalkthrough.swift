import ObservationToken

/// Model-to-cell binding with reusable cells: a list of documents shown through two
/// cells, as a table view would, with tokens kept in a bag that `prepareForReuse` empties.
enum CellBindingWalkthrough {
  final class Document: KeyValueObservable {
    @Observed var title: String
    @Observed var isFavorite = false

    init(title: String) {
      self.title = title
    }
  }

  /// A plain class standing in for a table view cell.
  final class DocumentCell {
    let name: String
    private var bag = ObservationBag()
    /// Every value a binding wrote, to show which model reached the cell.
    private(set) var received: [String] = []

    var titleText = "" {
      didSet { record("title ← \(titleText)") }
    }
    var starText = "" {
      didSet { record("star ← \(starText)") }
    }

    init(name: String) {
      self.name = name
    }

    /// Binds the cell to a document; the cell shows it and follows its changes.
    func configure(with document: Document) {
      document.bind(\.title, to: self, \.titleText).store(in: &bag)
      document.bind(\.isFavorite, to: self, \.starText) { $0 ? "★" : "☆" }.store(in: &bag)
    }

    /// Ends the previous row's bindings before the cell shows another row.
    func prepareForReuse() {
      bag.removeAll()
      received.removeAll()
    }

    private func record(_ update: String) {
      received.append(update)
      print("  \(name): \(update)")
    }
  }

  /// Shows `rows` through a fixed set of cells, reusing them as it scrolls.
  final class ListView {
    let rows: [Document]
    let cells: [DocumentCell]
    private(set) var firstVisibleRow = 0

    init(rows: [Document], cellCount: Int) {
      self.rows = rows
      cells = (0..<cellCount).map { DocumentCell(name: "cell \($0 + 1)") }
    }

    func scroll(toRow row: Int) {
      print("scroll to row \(row)")
      firstVisibleRow = row
      for (offset, cell) in cells.enumerated() {
        cell.prepareForReuse()
        cell.configure(with: rows[row + offset])
      }
    }

    func render() {
      for (offset, cell) in cells.enumerated() {
        print("  | row \(firstVisibleRow + offset): \(cell.starText) \(cell.titleText)")
      }
    }
  }

  static func run() {
    page("Model → cell bindings with reusable cells")
    let documents = ["Groceries", "Taxes", "Holiday plan", "Reading list"].map(Document.init)
    let list = ListView(rows: documents, cellCount: 2)

    list.scroll(toRow: 0)
    list.render()
    check(list.cells[0].titleText == "Groceries" && list.cells[0].starText == "☆", "the current values applied")

    print("edit a visible model: documents[1].isFavorite = true")
    documents[1].isFavorite = true
    list.render()
    check(list.cells[1].starText == "★", "the visible cell to follow its model")

    list.scroll(toRow: 2)
    list.render()
    let reused = list.cells[0]
    check(reused.titleText == "Holiday plan", "the reused cell to show its new row")

    print("edit the reused cell's previous model: documents[0].title = \"Groceries (done)\"")
    documents[0].title = "Groceries (done)"
    check(
      reused.received == ["title ← Holiday plan"] && reused.titleText == "Holiday plan",
      "no update from the previous model"
    )
    print("  (no cell changed: \(reused.name) now follows row 2 only)")

    print("edit its new model: documents[2].title = \"Holiday plan: Lisbon\"")
    documents[2].title = "Holiday plan: Lisbon"
    list.render()
    check(reused.titleText == "Holiday plan: Lisbon", "the reused cell to follow its new model")
  }
}
