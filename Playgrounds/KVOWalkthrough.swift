// swift-format-ignore-file
// (The DocC articles quote lines of this walkthrough as they print them, within the page's 76
// columns; DocCArticles' twin check compares their lines.)
#if canImport(ObjectiveC) || KVO_SHIM
#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif
import ObservationToken

/// The ETRKVO cell over Apple's KVO: a document cell observing `document.isFavorite` and
/// `document.title`, and a subclass cell adding its own observation of the same key path —
/// first in raw KVO, then with tokens. On Linux, which has no Objective-C runtime, it runs
/// against the test-only model of Apple's KVO (KVOShim) and says so.
enum KVOWalkthrough {
  /// A document as Objective-C-era apps have them: `@objc dynamic` properties.
  final class Document: NSObject {
    #if canImport(ObjectiveC)
    @objc dynamic var title = "Untitled"
    @objc dynamic var isFavorite = false
    #else
    // The model's stand-in for @objc dynamic: notify by hand, declare the KVC names.
    dynamic var title = "Untitled" {
      willSet { willChangeValue(forKey: "title") }
      didSet { didChangeValue(forKey: "title") }
    }
    dynamic var isFavorite = false {
      willSet { willChangeValue(forKey: "isFavorite") }
      didSet { didChangeValue(forKey: "isFavorite") }
    }
    override class var kvoShimKeyPaths: [AnyKeyPath: String] {
      [\Document.title: "title", \Document.isFavorite: "isFavorite"]
    }
    #endif
  }

  // MARK: Raw KVO: what the tokens replace

  nonisolated(unsafe) private static var titleContext = 0
  nonisolated(unsafe) private static var favoriteContext = 0
  nonisolated(unsafe) private static var detailTitleContext = 0

  /// Two registrations, one `observeValue` sorting them by context, removal on every
  /// change of document and in `deinit` — each must match an add exactly, or KVO raises.
  class RawDocumentCell: NSObject {
    var titleText = ""
    var isFavoriteSelected = false

    var document: Document? {
      willSet {
        document?.removeObserver(self, forKeyPath: "title",
                                 context: &titleContext)
        document?.removeObserver(self, forKeyPath: "isFavorite",
                                 context: &favoriteContext)
      }
      didSet {
        let options: NSKeyValueObservingOptions = [.initial, .new]
        document?.addObserver(self, forKeyPath: "title",
                              options: options, context: &titleContext)
        document?.addObserver(self, forKeyPath: "isFavorite",
                              options: options, context: &favoriteContext)
      }
    }

    override func observeValue(
      forKeyPath keyPath: String?,
      of object: Any?,
      change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      if context == UnsafeMutableRawPointer(&titleContext) {
        titleText = change?[.newKey] as? String ?? ""
      } else if context == UnsafeMutableRawPointer(&favoriteContext) {
        isFavoriteSelected = change?[.newKey] as? Bool ?? false
      } else {
        super.observeValue(forKeyPath: keyPath, of: object,
                           change: change, context: context)
      }
    }

    deinit {
      document = nil
    }
  }

  /// The subclass observes the same key path: it needs a context of its own, must forward
  /// every other one to `super`, and must remove its registration before `super` does.
  final class RawDetailCell: RawDocumentCell {
    var subtitleText = ""

    override var document: Document? {
      willSet { document?.removeObserver(self, forKeyPath: "title", context: &detailTitleContext) }
      didSet { document?.addObserver(self, forKeyPath: "title", options: [.initial, .new], context: &detailTitleContext) }
    }

    override func observeValue(
      forKeyPath keyPath: String?,
      of object: Any?,
      change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      guard context == UnsafeMutableRawPointer(&detailTitleContext) else {
        super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        return
      }
      subtitleText = "Edited: " + (change?[.newKey] as? String ?? "")
    }

    deinit {
      document = nil
    }
  }

  // MARK: Tokens: one per observation

  /// The same cell: a token per observation, in a bag emptied on reuse. No contexts, no
  /// `observeValue`, no removal code.
  class DocumentCell {
    var titleText = ""
    var isFavoriteSelected = false
    var bag = ObservationBag()

    var document: Document? {
      didSet {
        bag.removeAll()
        guard let document else { return }
        ObservationToken(binding: document, \.title, to: self, \.titleText)
          .store(in: &bag)
        ObservationToken(
          observing: document, \.isFavorite, options: [.initial]
        ) { [unowned self] _, change in
          isFavoriteSelected = change.newValue ?? false
        }.store(in: &bag)
      }
    }
  }

  /// The subclass adds its own token on the same key path; nothing to forward.
  final class DetailCell: DocumentCell {
    var subtitleText = ""

    override var document: Document? {
      didSet {
        guard let document else { return }
        ObservationToken(observing: document, \.title, options: [.initial]) { [unowned self] _, change in
          subtitleText = "Edited: " + (change.newValue ?? "")
        }.store(in: &bag)
      }
    }
  }

  static func run() {
    page("KVO: the ETRKVO cell over Apple's key-value observing")
    #if KVO_SHIM
    print("(Linux has no Objective-C runtime: this runs against KVOShim, the tests' model of Apple's KVO.)")
    #endif
    let first = Document()
    let second = Document()
    second.title = "Second"

    let raw = RawDetailCell()
    let cell = DetailCell()
    raw.document = first
    cell.document = first
    first.title = "Draft"
    first.isFavorite = true
    print("raw:    \(raw.titleText) | favorite \(raw.isFavoriteSelected) | \(raw.subtitleText)")
    print("tokens: \(cell.titleText) | favorite \(cell.isFavoriteSelected) | \(cell.subtitleText)")
    check(raw.titleText == "Draft" && raw.isFavoriteSelected && raw.subtitleText == "Edited: Draft", "raw KVO cell updated")
    check(
      cell.titleText == "Draft" && cell.isFavoriteSelected && cell.subtitleText == "Edited: Draft",
      "base and subclass tokens each see the title change once"
    )

    // Reuse: the old document's changes no longer reach either cell.
    raw.document = second
    cell.document = second
    first.title = "Stale"
    check(cell.titleText == "Second" && cell.subtitleText == "Edited: Second", "a reused cell follows only its new document")
    check(raw.titleText == "Second", "the raw cell, after removing exactly what it added, follows its new document")
    print("reused: \(cell.titleText) | \(cell.subtitleText)")

    readmeSnippet(document: second)

    // Releasing the document first is safe: its tokens become invalid, nothing is left registered.
    var watcher: ObservationToken?
    do {
      let transient = Document()
      watcher = ObservationToken(observing: transient, \.title) { _, _ in }
    }
    check(watcher?.isValid == false, "a token becomes invalid when its subject is released")
    cell.document = nil
    raw.document = nil
    print("The raw cell needed 3 contexts, 2 observeValue overrides and 6 matched add/remove calls; the token cell needs none.")
  }

  /// The README's snippet, verbatim: the `.initial` call, then the change.
  static func readmeSnippet(document: Document) {
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    // document: an NSObject subclass with @objc dynamic var title
    let token = ObservationToken(observing: document, \.title, options: [.initial]) { document, change in
      print(change.newValue ?? "")
    }
    document.title = "Third"
    token.invalidate()
    check(printed == ["Second", "Third"], "the README's KVO token: the .initial call, then the change")
    Swift.print("the README's KVO token printed \(printed)")
  }
}
#endif
