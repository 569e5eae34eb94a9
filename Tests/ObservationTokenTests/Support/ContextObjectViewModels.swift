import ObservationToken

/// What the context-trap tests ask of a superclass–subclass pair of raw observers.
protocol ContextTrapViewModel: KeyValueObserving {
  var document: Document { get }
  var baseTitles: [String] { get }
  var detailTitles: [String] { get }
  var unexpectedCalls: Int { get }
  func stopObservingAsBase() throws(KeyValueObservingError)
  func stopObservingAsDetail() throws(KeyValueObservingError)
}

extension DetailViewModel: ContextTrapViewModel {}

/// How a pair of raw observers keeps its contexts.
enum ContextStyle: String, CaseIterable, Sendable {
  /// KVO's idiom: the address of a private variable (`nonisolated(unsafe)` in Swift 6).
  case pointer
  /// A `static let` ``KeyValueObservingContext``, whose identity is the context.
  case object

  func makeViewModel(document: Document) -> any ContextTrapViewModel {
    switch self {
    case .pointer: DetailViewModel(document: document)
    case .object: ContextObjectDetailViewModel(document: document)
    }
  }
}

/// ``BaseViewModel`` written with a context object: the Swift 6-clean form.
class ContextObjectBaseViewModel: KeyValueObserving {
  private static let context = KeyValueObservingContext()
  let document: Document
  private(set) var baseTitles: [String] = []
  private(set) var unexpectedCalls = 0

  init(document: Document) {
    self.document = document
    document.addObserver(self, forKeyPath: \.title, options: [.new], context: Self.context)
  }

  func stopObservingAsBase() throws(KeyValueObservingError) {
    try document.removeObserver(self, forKeyPath: \.title, context: Self.context)
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    guard Self.context ~= context else {
      unexpectedCalls += 1
      return
    }
    baseTitles.append(change.newValue as? String ?? "<none>")
  }
}

/// ``DetailViewModel`` written with a context object of its own.
final class ContextObjectDetailViewModel: ContextObjectBaseViewModel, ContextTrapViewModel {
  private static let context = KeyValueObservingContext()
  private(set) var detailTitles: [String] = []

  override init(document: Document) {
    super.init(document: document)
    document.addObserver(self, forKeyPath: \.title, options: [.new], context: Self.context)
  }

  func stopObservingAsDetail() throws(KeyValueObservingError) {
    try document.removeObserver(self, forKeyPath: \.title, context: Self.context)
  }

  override func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    switch context {
    case Self.context: detailTitles.append(change.newValue as? String ?? "<none>")
    default: super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
    }
  }
}
