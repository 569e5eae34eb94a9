#if canImport(ObjectiveC) || KVO_SHIM
#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif
import ObservationToken

extension DocCArticles {
  /// The article's cell over Apple's KVO, raw and with tokens; its `Document` is the KVO
  /// walkthrough's, whose Apple branch is the article's (`@objc dynamic` properties).
  enum AppleCell {
    typealias Document = KVOWalkthrough.Document

    nonisolated(unsafe) private static var titleContext = 0
    nonisolated(unsafe) private static var favoriteContext = 0

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

    static func run() {
      let document = Document()
      let raw = RawDocumentCell()
      let cell = DocumentCell()
      raw.document = document
      cell.document = document
      document.title = "Draft"
      document.isFavorite = true
      check(raw.titleText == "Draft" && raw.isFavoriteSelected, "the raw KVO cell to follow its document")
      check(cell.titleText == "Draft" && cell.isFavoriteSelected, "the token cell to follow its document")
      raw.document = nil
      cell.document = nil
    }
  }
}
#endif
