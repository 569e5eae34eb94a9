import Foundation
import ObservationToken

/// Collects what handlers receive, from any thread.
///
/// `@unchecked Sendable`: `items` is only touched under `lock`.
final class Recorder<Item>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Item] = []

  init() {}

  func append(_ item: Item) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  var all: [Item] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}

/// A change's parts, comparable in `#expect`.
struct Seen<Value: Equatable>: Equatable {
  var kind: KeyValueChange.Kind
  var old: Value?
  var new: Value?
  var indexes: [Range<Int>]?
  var isPrior = false

  init(_ change: ObservedChange<Value>) {
    kind = change.kind
    old = change.oldValue
    new = change.newValue
    indexes = change.indexes.map { Array($0.ranges) }
    isPrior = change.isPrior
  }

  init(
    _ kind: KeyValueChange.Kind = .setting, old: Value? = nil, new: Value? = nil, indexes: [Range<Int>]? = nil,
    isPrior: Bool = false
  ) {
    self.kind = kind
    self.old = old
    self.new = new
    self.indexes = indexes
    self.isPrior = isPrior
  }
}
