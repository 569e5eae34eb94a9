import Observation
import ObservationToken
import OpenCombine
import Synchronization

// The model classes of every subject. Each has an `Int` property `value` (the one that is
// observed), a second `Int` property `other`, and where the subject can express them a
// document with a title, a cell holding a document, and a list of items.

// MARK: - The floor: didSet calling one stored closure

/// The least a change notification can cost: a stored property whose `didSet` calls one
/// optional stored closure with the old and new values.
final class FloorModel {
  var onValue: ((Int, Int) -> Void)?
  var onOther: ((Int, Int) -> Void)?
  var value = 0 { didSet { onValue?(oldValue, value) } }
  var other = 0 { didSet { onOther?(oldValue, other) } }
}

/// The floor for several observers: `didSet` calls each closure of a stored array.
final class FloorFanOutModel {
  var observers: [(Int, Int) -> Void] = []
  var value = 0 {
    didSet {
      for observer in observers { observer(oldValue, value) }
    }
  }
}

/// The floor for the chain case: the leaf's own didSet closure (no cell involved).
final class FloorDocument {
  var onTitle: ((String, String) -> Void)?
  var title: String { didSet { onTitle?(oldValue, title) } }

  init(title: String) { self.title = title }
}

/// The floor for the derived case: the title's didSet works out the derived value once
/// and calls the closure with the previous and the new derived value.
final class FloorDerivedDocument {
  var onDisplayTitle: ((String, String) -> Void)?
  var isFavorite = true
  private var lastDisplayTitle: String
  var title: String {
    didSet {
      let new = displayTitle
      onDisplayTitle?(lastDisplayTitle, new)
      lastDisplayTitle = new
    }
  }
  var displayTitle: String { isFavorite ? "★ " + title : title }

  init(title: String) {
    self.title = title
    lastDisplayTitle = "★ " + title
  }
}

/// The floor for the collection case: an array whose didSet (which does not read
/// `oldValue`, so `append` stays in place) calls the closure with the array.
final class FloorList {
  var onItems: (([Int]) -> Void)?
  var items: [Int] = [] { didSet { onItems?(items) } }
}

// MARK: - Swift's Observation, written as the @Observable macro of Swift 6.3 expands

/// The accessors are what `@Observable` generates (checked against
/// `-dump-macro-expansions` of Swift 6.3): `access` in `get`, `shouldNotifyObservers` and
/// `withMutation` in `set`, `willSet`/`didSet` around `_modify`.
final class ObservationModel: Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  nonisolated func access<Member>(keyPath: KeyPath<ObservationModel, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservationModel, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable>(_ lhs: Member, _ rhs: Member) -> Bool {
    lhs != rhs
  }

  private var _value = 0
  var value: Int {
    get {
      access(keyPath: \.value)
      return _value
    }
    set {
      guard shouldNotifyObservers(_value, newValue) else {
        _value = newValue
        return
      }
      withMutation(keyPath: \.value) { _value = newValue }
    }
    _modify {
      access(keyPath: \.value)
      _$observationRegistrar.willSet(self, keyPath: \.value)
      defer { _$observationRegistrar.didSet(self, keyPath: \.value) }
      yield &_value
    }
  }

  private var _other = 0
  var other: Int {
    get {
      access(keyPath: \.other)
      return _other
    }
    set {
      guard shouldNotifyObservers(_other, newValue) else {
        _other = newValue
        return
      }
      withMutation(keyPath: \.other) { _other = newValue }
    }
    _modify {
      access(keyPath: \.other)
      _$observationRegistrar.willSet(self, keyPath: \.other)
      defer { _$observationRegistrar.didSet(self, keyPath: \.other) }
      yield &_other
    }
  }
}

final class ObservationDocument: Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  nonisolated func access<Member>(keyPath: KeyPath<ObservationDocument, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservationDocument, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable>(_ lhs: Member, _ rhs: Member) -> Bool {
    lhs != rhs
  }

  init(title: String) { _title = title }

  private var _title: String
  var title: String {
    get {
      access(keyPath: \.title)
      return _title
    }
    set {
      guard shouldNotifyObservers(_title, newValue) else {
        _title = newValue
        return
      }
      withMutation(keyPath: \.title) { _title = newValue }
    }
    _modify {
      access(keyPath: \.title)
      _$observationRegistrar.willSet(self, keyPath: \.title)
      defer { _$observationRegistrar.didSet(self, keyPath: \.title) }
      yield &_title
    }
  }

  private var _isFavorite = true
  var isFavorite: Bool {
    get {
      access(keyPath: \.isFavorite)
      return _isFavorite
    }
    set {
      guard shouldNotifyObservers(_isFavorite, newValue) else {
        _isFavorite = newValue
        return
      }
      withMutation(keyPath: \.isFavorite) { _isFavorite = newValue }
    }
    _modify {
      access(keyPath: \.isFavorite)
      _$observationRegistrar.willSet(self, keyPath: \.isFavorite)
      defer { _$observationRegistrar.didSet(self, keyPath: \.isFavorite) }
      yield &_isFavorite
    }
  }

  var displayTitle: String { isFavorite ? "★ " + title : title }
}

final class ObservationCell: Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  nonisolated func access<Member>(keyPath: KeyPath<ObservationCell, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservationCell, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member: AnyObject>(_ lhs: Member?, _ rhs: Member?) -> Bool {
    lhs !== rhs
  }

  private var _document: ObservationDocument?
  var document: ObservationDocument? {
    get {
      access(keyPath: \.document)
      return _document
    }
    set {
      guard shouldNotifyObservers(_document, newValue) else {
        _document = newValue
        return
      }
      withMutation(keyPath: \.document) { _document = newValue }
    }
    _modify {
      access(keyPath: \.document)
      _$observationRegistrar.willSet(self, keyPath: \.document)
      defer { _$observationRegistrar.didSet(self, keyPath: \.document) }
      yield &_document
    }
  }
}

final class ObservationList: Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  nonisolated func access<Member>(keyPath: KeyPath<ObservationList, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservationList, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable>(_ lhs: Member, _ rhs: Member) -> Bool {
    lhs != rhs
  }

  private var _items: [Int] = []
  var items: [Int] {
    get {
      access(keyPath: \.items)
      return _items
    }
    set {
      guard shouldNotifyObservers(_items, newValue) else {
        _items = newValue
        return
      }
      withMutation(keyPath: \.items) { _items = newValue }
    }
    _modify {
      access(keyPath: \.items)
      _$observationRegistrar.willSet(self, keyPath: \.items)
      defer { _$observationRegistrar.didSet(self, keyPath: \.items) }
      yield &_items
    }
  }
}

// MARK: - OpenCombine

final class CurrentValueModel {
  let value = CurrentValueSubject<Int, Never>(0)
  let other = CurrentValueSubject<Int, Never>(0)
}

final class CurrentValueList {
  let items = CurrentValueSubject<[Int], Never>([])
}

final class PublishedModel {
  @OpenCombine.Published var value = 0
  @OpenCombine.Published var other = 0
}

final class PublishedDocument {
  @OpenCombine.Published var title: String
  @OpenCombine.Published var isFavorite = true

  init(title: String) { self.title = title }
}

final class PublishedCell {
  @OpenCombine.Published var document: PublishedDocument?
}

final class PublishedList {
  @OpenCombine.Published var items: [Int] = []
}

/// A stored property whose didSet sends (old, new) through a PassthroughSubject.
final class PassthroughModel {
  let valueChanges = PassthroughSubject<(Int, Int), Never>()
  let otherChanges = PassthroughSubject<(Int, Int), Never>()
  var value = 0 { didSet { valueChanges.send((oldValue, value)) } }
  var other = 0 { didSet { otherChanges.send((oldValue, other)) } }
}

final class PassthroughList {
  let itemsChanges = PassthroughSubject<[Int], Never>()
  var items: [Int] = [] { didSet { itemsChanges.send(items) } }
}

// MARK: - The naive registry

/// The obvious design: one lock-protected dictionary per object from key path to the
/// handlers registered for it, looked up by every setter; handlers take old and new as
/// `Any`. Handlers are copied out and called outside the lock.
class NaiveRegistry: @unchecked Sendable {
  struct Entry {
    let id: Int
    let handler: (Any, Any) -> Void
  }

  /// A `Mutex<[AnyKeyPath: [(Any, Any) -> Void]]>`; neither key paths nor closures are
  /// `Sendable`, so the dictionary travels in an unchecked box, as any Swift 6 code
  /// keeping them in a `Mutex` must.
  private let observers = Mutex<Unchecked<[AnyKeyPath: [Entry]]>>(Unchecked([:]))
  private let nextID = Atomic<Int>(0)

  private func withObservers<Result>(_ body: (inout [AnyKeyPath: [Entry]]) -> Result) -> Result {
    observers.withLock { box in Unchecked(body(&box.value)) }.value
  }

  /// Calls the handlers registered for `keyPath`.
  final func notify(_ keyPath: AnyKeyPath, old: Any, new: Any) {
    guard let handlers = withObservers({ $0[keyPath] }) else { return }
    for entry in handlers { entry.handler(old, new) }
  }

  final func addObserver(_ keyPath: AnyKeyPath, _ handler: @escaping (Any, Any) -> Void) -> NaiveToken {
    let id = nextID.add(1, ordering: .relaxed).newValue
    withObservers { $0[keyPath, default: []].append(Entry(id: id, handler: handler)) }
    return NaiveToken(registry: self, keyPath: keyPath, id: id)
  }

  final func removeObserver(_ keyPath: AnyKeyPath, id: Int) {
    withObservers { observers in
      guard var entries = observers[keyPath], let index = entries.firstIndex(where: { $0.id == id }) else { return }
      entries.remove(at: index)
      observers[keyPath] = entries.isEmpty ? nil : entries
    }
  }
}

struct Unchecked<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// Ends its registration when cancelled or released.
final class NaiveToken {
  private weak var registry: NaiveRegistry?
  private let keyPath: AnyKeyPath
  private let id: Int
  private var isCancelled = false

  init(registry: NaiveRegistry, keyPath: AnyKeyPath, id: Int) {
    self.registry = registry
    self.keyPath = keyPath
    self.id = id
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    registry?.removeObserver(keyPath, id: id)
  }

  deinit { cancel() }
}

final class NaiveModel: NaiveRegistry, @unchecked Sendable {
  private var _value = 0
  var value: Int {
    get { _value }
    set {
      let old = _value
      _value = newValue
      notify(\NaiveModel.value, old: old, new: newValue)
    }
  }

  private var _other = 0
  var other: Int {
    get { _other }
    set {
      let old = _other
      _other = newValue
      notify(\NaiveModel.other, old: old, new: newValue)
    }
  }
}

final class NaiveList: NaiveRegistry, @unchecked Sendable {
  private var _items: [Int] = []
  var items: [Int] {
    get { _items }
    set {
      let old = _items
      _items = newValue
      notify(\NaiveList.items, old: old, new: newValue)
    }
  }
}

// MARK: - ObservationToken

final class TokenModel: KeyValueObservable {
  @Observed var value = 0
  @Observed var other = 0
}

/// The same model, opted in to Swift Observation: its properties also report to an
/// `ObservationRegistrar`, so `withObservationTracking` and SwiftUI see them.
final class BridgedModel: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var value = 0
  @Observed var other = 0
}

final class TokenDocument: KeyValueObservable {
  @Observed var title: String
  @Observed var isFavorite = true
  var displayTitle: String { isFavorite ? "★ " + title : title }

  init(title: String) { self.title = title }
}

final class TokenCell: KeyValueObservable {
  @Observed var document: TokenDocument?
}

final class TokenList: KeyValueObservable {
  @Observed var items: [Int] = []
}

/// The list of the cases that mutate through the property (`items.append`), a class of
/// its own: a mutation in place keeps its access to the storage open across the append,
/// and a module with such an access checks every access to that property's storage at
/// run time (as for a plain stored property), which would weigh on the `$items` case too.
final class TokenPropertyList: KeyValueObservable {
  @Observed var items: [Int] = []
}
