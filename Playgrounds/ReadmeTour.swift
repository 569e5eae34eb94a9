import Foundation
import ObservationToken

/// The README's snippets, compiled and run, so the README stays true.
enum ReadmeTour {
  final class Document: KeyValueObservable {
    @Observed var title = "Untitled"
    @Observed var isFavorite = false
    @Observed var tags: [String] = []
    var displayTitle: String { isFavorite ? "★ " + title : title }  // derived
  }

  final class DocumentCell: KeyValueObservable {
    @Observed var document: Document?
    var titleText = ""
    var starText = ""
  }

  /// A label as the README's: its text optional, as `UILabel.text` is.
  final class Label { var text: String? }

  final class Note: KeyValueObservable, Codable { @Observed var title = "" }

  final class LegacyObserver: KeyValueObserving {
    func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {}
  }

  nonisolated(unsafe) private static var legacyContext = 0

  final class TitleObserver: KeyValueObserving {
    private static let context = KeyValueObservingContext()
    var titles: [String] = []

    func start(_ document: Document) {
      document.addObserver(self, forKeyPath: \Document.title, options: [.new], context: Self.context)
    }
    func stop(_ document: Document) throws {
      try document.removeObserver(self, forKeyPath: \Document.title, context: Self.context)
    }
    func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {
      guard Self.context ~= context else { return }  // a registration of another class
      titles.append(change.newValue as? String ?? "–")
    }
  }

  static func run() {
    page("The README's examples")
    let document = Document()
    var firstExample: [String] = []
    var token: ObservationToken? = document.onChange(of: \.title) { oldTitle, newTitle in
      firstExample.append("\(oldTitle) → \(newTitle)")
    }
    document.title = "Draft"
    token = nil
    document.title = "Final"
    print("first example:", firstExample)
    check(firstExample == ["Untitled → Draft"] && token == nil, "one call, none after release")

    var options: [String] = []
    let optionsToken = document.observe(\.title, options: [.initial, .prior]) { _, change in
      if change.isPrior, let oldTitle = change.oldValue {
        options.append("about to change from \(oldTitle)")
      } else if let newTitle = change.newValue {
        options.append("now \(newTitle)")
      }
    }
    document.title = "Again"
    print("options:", options)
    check(options == ["now Final", "about to change from Final", "now Again"], ".initial then .prior")
    optionsToken.invalidate()

    let cell = DocumentCell()
    var chain: [String?] = []
    let t1 = cell.onChange(of: \.document?.title) { _, title in chain.append(title) }
    var derived: [String] = []
    let t2 = document.onChange(of: \.displayTitle) { _, displayTitle in derived.append(displayTitle) }
    cell.document = document
    document.isFavorite = true
    print("chain:", chain, "derived:", derived)
    check(chain == ["Again"] && derived == ["★ Again"], "the chain and the derived property")
    t1.invalidate()
    t2.invalidate()

    var bag = ObservationBag()
    var favorites = 0
    document.observe(\.isFavorite) { _, _ in favorites += 1 }.store(in: &bag)
    document.bind(\.title, to: cell, \.titleText).store(in: &bag)
    document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }.store(in: &bag)
    check(cell.titleText == "Again" && cell.starText == "★", "bindings applied at once")
    let label = Label()
    document.bind(\.title, to: label, \.text).store(in: &bag)
    check(label.text == "Again", "a binding to an optional target")
    bag.removeAll()
    document.isFavorite = false
    check(favorites == 0 && cell.starText == "★", "nothing after removeAll")

    var kinds: [KeyValueChange.Kind] = []
    let tags = document.observe(\.tags) { _, change in kinds.append(change.kind) }
    document.$tags.append("swift")
    document.$tags[0] = "kvo"
    document.$tags.remove(at: 0)
    print("collection changes:", kinds)
    check(kinds == [.insertion, .replacement, .removal], "the three kinds")
    document.tags.append("draft")
    check(kinds.last == .setting && document.tags == ["draft"], "a mutation through the property is a setting")
    tags.invalidate()

    do {
      let note = try JSONDecoder().decode(Note.self, from: Data(#"{"title":"Draft"}"#.utf8))
      var noteTitles: [String] = []
      // Observable like any other.
      let noteToken = note.onChange(of: \.title) { _, title in noteTitles.append(title) }
      let json = try JSONEncoder().encode(note)  // {"title":"Draft"}
      note.title = "Final"
      noteToken.invalidate()
      print("Codable model:", String(decoding: json, as: UTF8.self))
      check(String(decoding: json, as: UTF8.self) == #"{"title":"Draft"}"#, "the property's own name as the key")
      check(noteTitles == ["Final"], "a decoded model is observed like any other")
    } catch {
      check(false, "the Codable model to round-trip: \(error)")
    }

    let legacy = LegacyObserver()
    document.addObserver(legacy, forKeyPath: \Document.title, options: [.old, .new], context: &legacyContext)
    do {
      try document.removeObserver(legacy, forKeyPath: \Document.title, context: &legacyContext)
    } catch {
      check(false, "the removal to succeed")
    }
    print(document.observationDescription)

    let titleObserver = TitleObserver()
    titleObserver.start(document)
    document.title = "With a context object"
    do {
      try titleObserver.stop(document)
    } catch {
      check(false, "the removal with a context object to succeed")
    }
    document.title = "After"
    check(titleObserver.titles == ["With a context object"], "one call, under its own context")
  }
}
