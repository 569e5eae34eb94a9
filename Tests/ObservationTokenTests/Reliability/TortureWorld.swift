import Dispatch
import Foundation
import ObservationToken
import Synchronization

// The shared world of the torture (TortureTests.swift): islands of models, senders and
// nodes that several threads work on at once, and the books that check the Guarantees as
// the run goes.
//
// Locking discipline (the package's contract): an `@Observed` value is ordinary storage, so
// every set, collection edit and observation of an island's models happens under the
// island's lock — a recursive one, since synchronous handlers run under it and may observe,
// set or invalidate on their island. Sends and posts of an island happen under it too, so
// that the books know which subscriptions a send must reach. Handlers delivered elsewhere
// (queues, tasks) never take a lock. Invalidations, releases, raw removals, parent changes
// and removals from `deinit` take none beyond the books'.

/// An observable model of the torture.
final class TortureModel: KeyValueObservable, @unchecked Sendable {
  @Observed var value = 0
  @Observed var items: [Int] = []
  /// A derived value reading `value`.
  var doubled: Int { value * 2 }
}

/// Holds a replaceable model: the root of `\.model?.value`.
final class TortureCell: KeyValueObservable, @unchecked Sendable {
  @Observed var model: TortureModel?
}

/// What a binding writes to.
final class TortureTarget: @unchecked Sendable {
  var mirror = 0
}

/// An event routed through the islands' node chains: which post it is.
struct TorturePost: RoutedEvent, Sendable {
  let id: Int
}

/// One subscription the books follow: whether it may still be called, and how many of the
/// calls it must receive it has received.
final class TortureSubscription: @unchecked Sendable {
  /// Registration order within its island.
  let serial: Int
  let kind: String
  /// The model whose `value` (or items) it observes, when the books count its calls.
  let counted: ObjectIdentifier?
  /// Set once `invalidate()` has returned on a thread outside any handler: from then on no
  /// call may start.
  let ended = Atomic(false)
  /// Calls it must have received: counted by the books under the island's lock.
  var expected = 0
  /// Calls it received; synchronous ones only, under the island's lock.
  var received = 0
  /// Calls of a one-shot subscription, from any thread.
  let calls = Atomic(0)
  var token: ObservationToken?

  init(serial: Int, kind: String, counted: ObjectIdentifier?) {
    self.serial = serial
    self.kind = kind
    self.counted = counted
  }
}

/// A raw observer that removes itself in `deinit`, counting removals that threw.
final class TortureRawObserver: KeyValueObserving, @unchecked Sendable {
  private let model: TortureModel
  private let failures: TortureCounters

  init(observing model: TortureModel, failures: TortureCounters) {
    self.model = model
    self.failures = failures
    model.addObserver(self, forKeyPath: \.value, options: [.new], context: Contexts.first)
  }

  deinit {
    do throws(KeyValueObservingError) {
      try model.removeObserver(self, forKeyPath: \.value, context: Contexts.first)
    } catch {
      failures.violation("a removal from deinit threw \(error)")
    }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {}
}

/// A target for target–action subscriptions, released mid-use.
final class TortureActionTarget {
  let calls = Atomic(0)
  func handle(_ value: Int) { calls.add(1, ordering: .relaxed) }
}

/// Counts operations by kind, and the promises broken.
final class TortureCounters: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var violations: [String] = []

  func count(_ kind: String) {
    lock.lock()
    counts[kind, default: 0] += 1
    lock.unlock()
  }

  func violation(_ message: String) {
    lock.lock()
    if violations.count < 50 { violations.append(message) }
    lock.unlock()
  }

  var allCounts: [String: Int] {
    lock.lock()
    defer { lock.unlock() }
    return counts
  }

  var allViolations: [String] {
    lock.lock()
    defer { lock.unlock() }
    return violations
  }
}

/// The last operations of each thread, for the message of a run that stopped progressing.
final class TortureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [[String]]

  init(threads: Int) {
    lines = Array(repeating: [], count: threads)
  }

  func record(_ thread: Int, _ line: String) {
    lock.lock()
    lines[thread].append(line)
    if lines[thread].count > 20 { lines[thread].removeFirst() }
    lock.unlock()
  }

  var tail: String {
    lock.lock()
    defer { lock.unlock() }
    return lines.enumerated().map { "thread \($0): " + $1.joined(separator: ", ") }.joined(separator: "\n")
  }
}

/// Thread-local bookkeeping of the handlers running on this thread, kept in one object
/// per thread.
enum TortureThread {
  private final class Book {
    var depth = 0
    var changes: [Int] = []
    var kinds: [KeyValueChange.Kind?] = []
    var lastSerial: [Int: Int] = [:]
    var arrivals: [Int: Set<Int>] = [:]
  }

  private static var book: Book {
    if let book = Thread.current.threadDictionary["torture.book"] as? Book { return book }
    let book = Book()
    Thread.current.threadDictionary["torture.book"] = book
    return book
  }

  /// How deeply handlers' effects are nested on this thread: an invalidation from inside a
  /// handler does not wait for calls on other threads, so it does not mark the
  /// subscription ended.
  static var depth: Int { book.depth }

  /// The change (by its unique value) under way on this thread, innermost first.
  static var current: Int? { book.changes.last }

  /// The kind of collection edit under way on this thread, if any.
  static var editKind: KeyValueChange.Kind? { book.kinds.last ?? nil }

  /// A change begins on this thread: its handlers are checked against it.
  static func begin(_ change: Int, editKind: KeyValueChange.Kind? = nil) {
    let book = book
    book.changes.append(change)
    book.kinds.append(editKind)
  }

  /// The change ends.
  static func end(_ change: Int) {
    let book = book
    book.changes.removeLast()
    book.kinds.removeLast()
    book.lastSerial[change] = nil
  }

  /// Runs a handler's effect one level deeper.
  static func nested(_ body: () -> Void) {
    book.depth += 1
    body()
    book.depth -= 1
  }

  /// Whether `serial` comes after the last serial `change` reached on this thread: calls
  /// in registration order.
  static func reach(change: Int, serial: Int) -> Bool {
    let book = book
    let last = book.lastSerial[change] ?? -1
    book.lastSerial[change] = serial
    return serial > last
  }

  /// Whether this is the first time a post (by its id) reaches `node` on this thread.
  static func arrive(post: Int, node: Int) -> Bool {
    book.arrivals[post, default: []].insert(node).inserted
  }

  static func forget(post: Int) {
    book.arrivals[post] = nil
  }
}

/// An island: models, a cell, a binding target, a sender and a diamond of nodes, with the
/// books of every subscription on them.
final class TortureIsland: @unchecked Sendable {
  let index: Int
  let lock = NSRecursiveLock()
  let counters: TortureCounters
  var models: [TortureModel]
  let cell = TortureCell()
  let target = TortureTarget()
  var bag = ObservationBag()
  var bindingModel: TortureModel?
  /// Whether a handler set a model again during the outermost set under way.
  var hadNestedSet = false
  var sender: SendableEventSender<Int>
  /// child → left, right → top; `spare` comes and goes as a parent of `left`.
  let nodes: [EventNode]
  let spare = EventNode(name: "spare")
  var subscriptions: [TortureSubscription] = []
  var rawObservers: [TortureRawObserver] = []
  var tasks: [Task<Void, Never>] = []
  var nextSerial = 0
  let queue: DispatchQueue
  /// Weak references to everything released, checked at the end.
  var released: [WeakBox<AnyObject>] = []

  init(index: Int, counters: TortureCounters) {
    self.index = index
    self.counters = counters
    models = [TortureModel(), TortureModel()]
    sender = Self.makeSender(counters: counters)
    nodes = (0..<4).map { EventNode(name: "node\($0)") }
    _ = nodes[0].addParent(nodes[1])
    _ = nodes[0].addParent(nodes[2])
    _ = nodes[1].addParent(nodes[3])
    _ = nodes[2].addParent(nodes[3])
    queue = DispatchQueue(label: "torture.island\(index)")
    cell.model = models[0]
  }

  /// A sender whose hooks check that first and last alternate.
  static func makeSender(counters: TortureCounters) -> SendableEventSender<Int> {
    let box = TortureBalance()
    return SendableEventSender<Int>(
      onFirstSubscribe: {
        if box.balance.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue != 1 {
          counters.violation("two onFirstSubscribe in a row")
        }
      },
      onLastUnsubscribe: {
        if box.balance.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue != 0 {
          counters.violation("two onLastUnsubscribe in a row")
        }
      }
    )
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  func makeSubscription(_ kind: String, counting model: AnyObject? = nil) -> TortureSubscription {
    nextSerial += 1
    return TortureSubscription(serial: nextSerial, kind: kind, counted: model.map(ObjectIdentifier.init))
  }
}

/// The balance of first and last hooks of one sender.
final class TortureBalance: Sendable {
  let balance = Atomic(0)
}
