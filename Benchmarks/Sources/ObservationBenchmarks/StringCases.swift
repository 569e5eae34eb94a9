import Observation
import ObservationToken
import OpenCombine

/// The set-up state of a string case for one subject: objects and one observer whose
/// handler records the UTF-8 counts of the old and new value. `setTitle` is what the loop
/// times: a set of the document's title.
protocol TitleCase: AnyObject {
  init(counter: Counter)
  func setTitle(_ title: String)
  /// Whether the handler reports each change one change late (Observation's onChange
  /// comes before the change, with no values).
  static var lagging: Bool { get }
}

extension TitleCase {
  static var lagging: Bool { false }
}

/// Sets the title over and over; op `n` sets ``title(at:)`` `n`. `length` is what the
/// observer records for the value op `n` produces.
func titleBenchmark<C: TitleCase>(_ kind: C.Type, length: @escaping (Int) -> Int) -> Benchmark {
  let counter = Counter()
  let state = C(counter: counter)
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let state = opaque(state)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      state.setTitle(title(at: current))
      current &+= 1
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  _ = run(2)
  counter.reset()
  return ClosureBenchmark(
    run: run,
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      let first = op.value
      _ = run(operations)
      try failIfNeeded(counter.calls == operations, "\(operations) sets called the observer \(counter.calls) times")
      let expected = expectedStringSum(ops: first..<(first + operations), lagging: C.lagging, length: length)
      try failIfNeeded(
        counter.sum == expected, "the observer saw lengths whose new − old sum to \(counter.sum); expected \(expected)")
      counter.reset()
    }
  )
}

// MARK: - Chain: set document.title while observing \.document?.title through the cell

/// The floor: the document's own didSet closure.
final class ChainFloor: TitleCase {
  let document = FloorDocument(title: title(at: -1))

  init(counter: Counter) {
    document.onTitle = { [counter] old, new in counter.record(old: old.utf8.count, new: new.utf8.count) }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
}

final class ChainObservation: TitleCase {
  let document = ObservationDocument(title: title(at: -1))
  let cell = ObservationCell()
  var tracker: ObservationStringTracker?

  init(counter: Counter) {
    cell.document = document
    let cell = self.cell
    tracker = ObservationStringTracker(counter: counter) { cell.document?.title }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
  static var lagging: Bool { true }
}

/// `$document` mapped to the document's `$title`, switched to the latest.
final class ChainPublished: TitleCase {
  let document = PublishedDocument(title: title(at: -1))
  let cell = PublishedCell()
  var cancellable: AnyCancellable?

  init(counter: Counter) {
    cell.document = document
    var previous = 0
    cancellable = cell.$document
      .map { document -> AnyPublisher<String?, Never> in
        guard let document else { return Just(nil).eraseToAnyPublisher() }
        return document.$title.map { Optional($0) }.eraseToAnyPublisher()
      }
      .switchToLatest()
      .sink { [counter] title in
        let new = title?.utf8.count ?? 0
        counter.record(old: previous, new: new)
        previous = new
      }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
}

final class ChainToken: TitleCase {
  let document = TokenDocument(title: title(at: -1))
  let cell = TokenCell()
  var token: ObservationToken?

  init(counter: Counter) {
    cell.document = document
    token = cell.observe(\.document?.title) { [counter] _, change in
      counter.record(old: (change.oldValue ?? nil)?.utf8.count ?? 0, new: (change.newValue ?? nil)?.utf8.count ?? 0)
    }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
}

// MARK: - Derived: observe displayTitle (favorite on), set title

/// The floor: the title's didSet works out the display title and calls the closure.
final class DerivedFloor: TitleCase {
  let document = FloorDerivedDocument(title: title(at: -1))

  init(counter: Counter) {
    document.onDisplayTitle = { [counter] old, new in counter.record(old: old.utf8.count, new: new.utf8.count) }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
}

final class DerivedObservation: TitleCase {
  let document = ObservationDocument(title: title(at: -1))
  var tracker: ObservationStringTracker?

  init(counter: Counter) {
    let document = self.document
    tracker = ObservationStringTracker(counter: counter) { document.displayTitle }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
  static var lagging: Bool { true }
}

final class DerivedToken: TitleCase {
  let document = TokenDocument(title: title(at: -1))
  var token: ObservationToken?

  init(counter: Counter) {
    token = document.observe(\.displayTitle) { [counter] _, change in
      counter.record(old: change.oldValue?.utf8.count ?? 0, new: change.newValue?.utf8.count ?? 0)
    }
  }

  @inline(__always) func setTitle(_ title: String) { document.title = title }
}

// MARK: - Collection append with one observer

/// How many appends go to one fresh list: each batch starts from an empty array, so the
/// cost does not depend on how long the run is (subjects that copy the array on every
/// append pay for its length). Making a batch's list and observer is not timed.
let appendBatch = 1_000

/// The set-up state of the collection cases: a fresh empty list with one observer whose
/// handler records the appended element as new (and 0 as old) or, in the unobserved
/// cases, with none (the batch's elements are then summed once it is done, untimed).
protocol AppendCase: AnyObject {
  init(counter: Counter)
  func append(_ element: Int)
  /// Handler calls made when observing starts (the current, empty, array).
  static var callsOnObserve: Int { get }
  /// Whether the handler reports the element appended one append earlier (Observation).
  static var lagging: Bool { get }
  /// Whether an observer sees each append; when not, ``appendedSum`` is recorded per batch.
  static var isObserved: Bool { get }
  /// The sum of the list's elements: what an unobserved case's batch appended.
  var appendedSum: Int { get }
}

extension AppendCase {
  static var callsOnObserve: Int { 0 }
  static var lagging: Bool { false }
  static var isObserved: Bool { true }
  var appendedSum: Int { 0 }
}

func appendBenchmark<C: AppendCase>(_ kind: C.Type) -> Benchmark {
  let counter = Counter()
  let op = Box(1)
  let run = { (iterations: Int) -> Duration in
    var remaining = iterations
    var elapsed = Duration.zero
    var current = op.value
    while remaining > 0 {
      let state = opaque(C(counter: counter))
      let count = min(remaining, appendBatch)
      let start = clock.now
      for _ in 0..<count {
        state.append(current)
        current &+= 1
      }
      elapsed += clock.now - start
      if !C.isObserved { counter.record(old: 0, new: state.appendedSum) }
      remaining -= count
    }
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  return ClosureBenchmark(
    run: run,
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      let first = op.value
      _ = run(operations)
      let batches = (operations + appendBatch - 1) / appendBatch
      let expectedCalls = C.isObserved ? operations + batches * C.callsOnObserve : batches
      try failIfNeeded(
        counter.calls == expectedCalls,
        C.isObserved
          ? "\(operations) appends called the observer \(counter.calls) times; expected \(expectedCalls)"
          : "\(operations) appends recorded \(counter.calls) batches; expected \(expectedCalls)"
      )
      var expectedSum = 0
      for index in 0..<operations {
        let element = first + index
        if !C.lagging {
          expectedSum &+= element
        } else if index % appendBatch != 0 {
          expectedSum &+= element - 1  // the element before, still last when onChange runs
        }
      }
      try failIfNeeded(
        counter.sum == expectedSum, "the observer saw elements summing to \(counter.sum); expected \(expectedSum)")
      counter.reset()
    }
  )
}

final class AppendFloor: AppendCase {
  let list = FloorList()

  init(counter: Counter) {
    list.onItems = { [counter] items in counter.record(old: 0, new: items.last ?? 0) }
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
}

/// Observation's onChange comes before the append: the handler sees the last element as
/// it was before (what it records is the previous append's element).
final class AppendObservation: AppendCase {
  let list = ObservationList()
  var tracker: ObservationListTracker?

  init(counter: Counter) {
    tracker = ObservationListTracker(list: list, counter: counter)
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
  static var lagging: Bool { true }
}

final class ObservationListTracker: @unchecked Sendable {
  private let list: ObservationList
  private let counter: Counter

  init(list: ObservationList, counter: Counter) {
    self.list = list
    self.counter = counter
    _ = arm()
  }

  private func arm() -> Int {
    let list = self.list
    return withObservationTracking({ list.items.last ?? 0 }, onChange: { [weak self] in self?.changed() })
  }

  private func changed() {
    counter.record(old: 0, new: arm())
  }
}

final class AppendCurrentValue: AppendCase {
  let list = CurrentValueList()
  var cancellable: AnyCancellable?

  init(counter: Counter) {
    cancellable = list.items.sink { [counter] items in counter.record(old: 0, new: items.last ?? 0) }
  }

  @inline(__always) func append(_ element: Int) { list.items.value.append(element) }
  static var callsOnObserve: Int { 1 }
}

final class AppendPublished: AppendCase {
  let list = PublishedList()
  var cancellable: AnyCancellable?

  init(counter: Counter) {
    cancellable = list.$items.sink { [counter] items in counter.record(old: 0, new: items.last ?? 0) }
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
  static var callsOnObserve: Int { 1 }
}

final class AppendPassthrough: AppendCase {
  let list = PassthroughList()
  var cancellable: AnyCancellable?

  init(counter: Counter) {
    cancellable = list.itemsChanges.sink { [counter] items in counter.record(old: 0, new: items.last ?? 0) }
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
}

final class AppendNaive: AppendCase {
  let list = NaiveList()
  var token: NaiveToken?

  init(counter: Counter) {
    token = list.addObserver(\NaiveList.items) { [counter] _, new in
      counter.record(old: 0, new: (new as! [Int]).last ?? 0)
    }
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
}

final class AppendToken: AppendCase {
  let list = TokenList()
  var token: ObservationToken?

  init(counter: Counter) {
    token = list.observe(\.items) { [counter] _, change in
      counter.record(old: 0, new: change.newValue?.first ?? 0)
    }
  }

  @inline(__always) func append(_ element: Int) { list.$items.append(element) }
}

// MARK: - Collection append through the property (`items.append`, not `$items`)

/// ObservationToken's `items.append(x)` with one observer: one `.setting` change per
/// append, with the arrays before and after (so the old array is copied for the observer).
final class AppendTokenProperty: AppendCase {
  let list = TokenPropertyList()
  var token: ObservationToken?

  init(counter: Counter) {
    token = list.observe(\.items) { [counter] _, change in
      counter.record(old: 0, new: change.newValue?.last ?? 0)
    }
  }

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
}

/// The floor with nobody observing: the didSet finds its closure `nil`.
final class AppendFloorUnobserved: AppendCase {
  let list = FloorList()

  init(counter: Counter) {}

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
  static var isObserved: Bool { false }
  var appendedSum: Int { list.items.reduce(0, &+) }
}

/// Observation's accessors with nobody tracking the list.
final class AppendObservationUnobserved: AppendCase {
  let list = ObservationList()

  init(counter: Counter) {}

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
  static var isObserved: Bool { false }
  var appendedSum: Int { list.items.reduce(0, &+) }
}

/// ObservationToken's `items.append(x)` with nobody observing.
final class AppendTokenUnobserved: AppendCase {
  let list = TokenPropertyList()

  init(counter: Counter) {}

  @inline(__always) func append(_ element: Int) { list.items.append(element) }
  static var isObserved: Bool { false }
  var appendedSum: Int { list.items.reduce(0, &+) }
}
