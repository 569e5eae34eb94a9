import ObservationToken

// The KVO idiom: each class keeps its own context, a private variable whose address
// tells its registrations apart from everyone else's.
nonisolated(unsafe) private var baseViewModelContext = 0
nonisolated(unsafe) private var detailViewModelContext = 0

/// A superclass that observes its document's title with its own context, as KVO
/// code does, and ignores calls made for any other context.
class BaseViewModel: KeyValueObserving {
  let document: Document
  /// The titles this class received for its own context.
  private(set) var baseTitles: [String] = []
  /// Calls that reached this class with a context that is not its own; KVO would raise.
  private(set) var unexpectedCalls = 0

  init(document: Document) {
    self.document = document
    document.addObserver(self, forKeyPath: \.title, options: [.new], context: &baseViewModelContext)
  }

  /// Removes this class's own registration.
  func stopObservingAsBase() throws(KeyValueObservingError) {
    try document.removeObserver(self, forKeyPath: \.title, context: &baseViewModelContext)
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    guard context == &baseViewModelContext else {
      unexpectedCalls += 1
      return
    }
    baseTitles.append(change.newValue as? String ?? "<none>")
  }
}

/// A subclass that observes the same key path of the same object with a context of its
/// own, handles its calls, and passes every other call to its superclass.
final class DetailViewModel: BaseViewModel {
  /// The titles this class received for its own context.
  private(set) var detailTitles: [String] = []

  override init(document: Document) {
    super.init(document: document)
    document.addObserver(self, forKeyPath: \.title, options: [.new], context: &detailViewModelContext)
  }

  /// Removes this class's own registration.
  func stopObservingAsDetail() throws(KeyValueObservingError) {
    try document.removeObserver(self, forKeyPath: \.title, context: &detailViewModelContext)
  }

  override func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    guard context == &detailViewModelContext else {
      return super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
    }
    detailTitles.append(change.newValue as? String ?? "<none>")
  }
}
