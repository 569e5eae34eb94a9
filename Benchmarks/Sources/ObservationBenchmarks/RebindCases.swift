import BenchmarkModels
import Observation
import ObservationToken
import OpenCombine

// The rebind case: a reused cell, bound to five properties of a row model (three bindings
// with transforms, one to an optional target, one observation), is rebound to the next of
// `rebindModels` models. One operation is one rebind: the cell ends what it holds and binds
// the next model. Each subject writes the cell the way an app using it would.

/// How many row models the rebinding cell cycles through.
let rebindModels = 1_000

/// The cell every subject writes to: plain stored properties, one of them optional (a
/// label's `String?` text).
final class RebindCell {
  var progressPercent = 0
  var starCount = 0
  var badge = 0
  var titleText: String?
  var subtitleChanges = 0
  /// Which rebind the cell is at; an Observation re-arm from an earlier one does nothing.
  var generation = 0
}

/// A row of a list, as each subject models it.
final class TokenRow: KeyValueObservable {
  @Observed var title: String
  @Observed var subtitle = ""
  @Observed var progress: Int
  @Observed var isFavorite = false
  @Observed var count = 0

  init(_ index: Int) {
    title = "row \(index)"
    progress = index
  }
}

final class PublishedRow {
  @OpenCombine.Published var title: String
  @OpenCombine.Published var subtitle = ""
  @OpenCombine.Published var progress: Int
  @OpenCombine.Published var isFavorite = false
  @OpenCombine.Published var count = 0

  init(_ index: Int) {
    title = "row \(index)"
    progress = index
  }
}

/// Written as `@Observable` expands for the accessors a binding uses (`get` and `set`).
final class ObservationRow: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private var _title: String
  private var _subtitle = ""
  private var _progress: Int
  private var _isFavorite = false
  private var _count = 0

  init(_ index: Int) {
    _title = "row \(index)"
    _progress = index
  }

  var title: String {
    get {
      registrar.access(self, keyPath: \.title)
      return _title
    }
    set { registrar.withMutation(of: self, keyPath: \.title) { _title = newValue } }
  }
  var subtitle: String {
    get {
      registrar.access(self, keyPath: \.subtitle)
      return _subtitle
    }
    set { registrar.withMutation(of: self, keyPath: \.subtitle) { _subtitle = newValue } }
  }
  var progress: Int {
    get {
      registrar.access(self, keyPath: \.progress)
      return _progress
    }
    set { registrar.withMutation(of: self, keyPath: \.progress) { _progress = newValue } }
  }
  var isFavorite: Bool {
    get {
      registrar.access(self, keyPath: \.isFavorite)
      return _isFavorite
    }
    set { registrar.withMutation(of: self, keyPath: \.isFavorite) { _isFavorite = newValue } }
  }
  var count: Int {
    get {
      registrar.access(self, keyPath: \.count)
      return _count
    }
    set { registrar.withMutation(of: self, keyPath: \.count) { _count = newValue } }
  }
}

/// A subject of the rebind case: its row model and what a cell holds while bound.
protocol RebindSubject {
  associatedtype Row: AnyObject
  associatedtype Held
  static func makeRow(_ index: Int) -> Row
  static func emptyHeld() -> Held
  /// Ends what `held` holds and binds `cell` to `row`.
  static func rebind(_ cell: RebindCell, to row: Row, holding held: inout Held)
  /// Changes every bound property of `row`, as a check that the binding follows it.
  static func change(_ row: Row)
  /// What a cell bound to `row` shows as its progress and title.
  static func shown(_ row: Row) -> (percent: Int, title: String)
}

extension RebindSubject where Row: RebindRow {
  static func change(_ row: Row) {
    row.progress &+= 1
    row.isFavorite.toggle()
    row.count &+= 1
    row.title += "!"
    row.subtitle += "!"
  }

  static func shown(_ row: Row) -> (percent: Int, title: String) { (row.progress &* 100, row.title) }
}

/// The row's properties, read and written the same way in every subject's check.
protocol RebindRow: AnyObject {
  var title: String { get set }
  var subtitle: String { get set }
  var progress: Int { get set }
  var isFavorite: Bool { get set }
  var count: Int { get set }
}

extension TokenRow: RebindRow {}
extension PublishedRow: RebindRow {}
extension ObservationRow: RebindRow {}
extension ModuleRow: RebindRow {}

enum TokenRebind: RebindSubject {
  static func makeRow(_ index: Int) -> TokenRow { TokenRow(index) }
  static func emptyHeld() -> ObservationBag { ObservationBag() }

  static func rebind(_ cell: RebindCell, to row: TokenRow, holding bag: inout ObservationBag) {
    bag.removeAll()
    row.bind(\.progress, to: cell, \.progressPercent) { $0 &* 100 }.store(in: &bag)
    row.bind(\.isFavorite, to: cell, \.starCount) { $0 ? 1 : 0 }.store(in: &bag)
    row.bind(\.count, to: cell, \.badge) { $0 &+ 1 }.store(in: &bag)
    row.bind(\.title, to: cell, \.titleText).store(in: &bag)
    row.observe(\.subtitle) { [unowned cell] _, _ in cell.subtitleChanges &+= 1 }.store(in: &bag)
  }

}

/// The same cell and bindings, to a row declared in another module (`ModuleRow`), as an app
/// binds its cells to its models: the one difference from ``TokenRebind`` is the row's type.
enum CrossModuleTokenRebind: RebindSubject {
  static func makeRow(_ index: Int) -> ModuleRow { ModuleRow(index) }
  static func emptyHeld() -> ObservationBag { ObservationBag() }

  static func rebind(_ cell: RebindCell, to row: ModuleRow, holding bag: inout ObservationBag) {
    bag.removeAll()
    row.bind(\.progress, to: cell, \.progressPercent) { $0 &* 100 }.store(in: &bag)
    row.bind(\.isFavorite, to: cell, \.starCount) { $0 ? 1 : 0 }.store(in: &bag)
    row.bind(\.count, to: cell, \.badge) { $0 &+ 1 }.store(in: &bag)
    row.bind(\.title, to: cell, \.titleText).store(in: &bag)
    row.observe(\.subtitle) { [unowned cell] _, _ in cell.subtitleChanges &+= 1 }.store(in: &bag)
  }
}

enum PublishedRebind: RebindSubject {
  static func makeRow(_ index: Int) -> PublishedRow { PublishedRow(index) }
  static func emptyHeld() -> Set<AnyCancellable> { [] }

  static func rebind(_ cell: RebindCell, to row: PublishedRow, holding set: inout Set<AnyCancellable>) {
    set.removeAll()
    row.$progress.map { $0 &* 100 }.assign(to: \.progressPercent, on: cell).store(in: &set)
    row.$isFavorite.map { $0 ? 1 : 0 }.assign(to: \.starCount, on: cell).store(in: &set)
    row.$count.map { $0 &+ 1 }.assign(to: \.badge, on: cell).store(in: &set)
    row.$title.map(Optional.some).assign(to: \.titleText, on: cell).store(in: &set)
    // `@Published` sends the current value on subscribing; an observation skips it.
    row.$subtitle.dropFirst().sink { [unowned cell] _ in cell.subtitleChanges &+= 1 }.store(in: &set)
  }

}

enum ObservationRebind: RebindSubject {
  static func makeRow(_ index: Int) -> ObservationRow { ObservationRow(index) }
  static func emptyHeld() -> Void { () }

  /// An armed tracking cannot be cancelled: the cell's generation makes the earlier ones
  /// do nothing when they fire.
  static func rebind(_ cell: RebindCell, to row: ObservationRow, holding _: inout Void) {
    cell.generation &+= 1
    let generation = cell.generation
    track(cell, generation) { $0.progressPercent = row.progress &* 100 }
    track(cell, generation) { $0.starCount = row.isFavorite ? 1 : 0 }
    track(cell, generation) { $0.badge = row.count &+ 1 }
    track(cell, generation) { $0.titleText = row.title }
    track(cell, generation) { _ in
      _ = row.subtitle
    } onChange: {
      $0.subtitleChanges &+= 1
    }
  }

  private static func track(
    _ cell: RebindCell,
    _ generation: Int,
    _ apply: @escaping (RebindCell) -> Void,
    onChange: @escaping (RebindCell) -> Void = { _ in }
  ) {
    RebindTracking(cell: cell, generation: generation, apply: apply, onChange: onChange).arm()
  }
}

/// One property of a cell followed with `withObservationTracking`, re-armed after each
/// change while the cell is at `generation`. `onChange` runs before the change is made
/// (Observation's willSet), so the re-armed `apply` writes the value before it: what a
/// cell written this way shows trails by one change unless it defers the write.
/// `@unchecked Sendable`: the benchmark runs on one thread.
final class RebindTracking: @unchecked Sendable {
  private weak var cell: RebindCell?
  private let generation: Int
  private let apply: (RebindCell) -> Void
  private let onChange: (RebindCell) -> Void

  init(
    cell: RebindCell,
    generation: Int,
    apply: @escaping (RebindCell) -> Void,
    onChange: @escaping (RebindCell) -> Void
  ) {
    self.cell = cell
    self.generation = generation
    self.apply = apply
    self.onChange = onChange
  }

  func arm() {
    guard let cell else { return }
    withObservationTracking {
      apply(cell)
    } onChange: { [self] in
      changed()
    }
  }

  private func changed() {
    guard let cell, cell.generation == generation else { return }
    onChange(cell)
    arm()
  }
}

/// Rebinds one cell to the next of ``rebindModels`` rows, `iterations` times.
///
/// Every row is bound once before anything is measured: a list rebinds rows it has shown
/// before far more often than rows it shows for the first time (the issue's 10⁵ rebinds
/// over 1,000 rows), and a first binding also pays what a property sets up once.
func rebindBenchmark<S: RebindSubject>(_ subject: S.Type) -> Benchmark {
  let rows = (0..<rebindModels).map { S.makeRow($0) }
  let cell = RebindCell()
  let held = Box(S.emptyHeld())
  for row in rows { S.rebind(cell, to: row, holding: &held.value) }
  let next = Box(0)
  let run = { (iterations: Int) -> Duration in
    let cell = opaque(cell)
    let start = clock.now
    for _ in 0..<iterations {
      S.rebind(cell, to: rows[next.value], holding: &held.value)
      next.value = next.value == rebindModels - 1 ? 0 : next.value + 1
    }
    let elapsed = clock.now - start
    blackHole(cell.progressPercent)
    return elapsed
  }
  return ClosureBenchmark(
    run: run,
    check: { operations throws(BenchmarkFailure) in
      _ = run(max(operations, 2))
      try checkRebound(
        cell, to: rows[(next.value + rebindModels - 1) % rebindModels],
        from: rows[(next.value + rebindModels - 2) % rebindModels], S.self, named: "the rebound cell")
    }
  )
}

/// The check of a rebound cell, for the rebind cases: `cell` shows `current`, a change of
/// `previous` (the row it left) reaches nothing, and a change of `current` reaches its
/// observation once.
func checkRebound<S: RebindSubject>(
  _ cell: RebindCell, to current: S.Row, from previous: S.Row, _ subject: S.Type, named name: String
) throws(BenchmarkFailure) {
  let expected = S.shown(current)
  let shows = { cell.progressPercent == expected.percent && cell.titleText == expected.title }
  try failIfNeeded(
    shows(), "\(name) shows \(cell.progressPercent), \(cell.titleText ?? "nil"); expected \(expected)")
  let changes = cell.subtitleChanges
  S.change(previous)
  try failIfNeeded(cell.subtitleChanges == changes && shows(), "a change of the row \(name) left reached it")
  S.change(current)
  try failIfNeeded(
    cell.subtitleChanges == changes + 1,
    "a change of the row \(name) follows made \(cell.subtitleChanges - changes) observation calls; expected 1"
  )
}

/// Why the rebind case shows "—" for `subject`.
func rebindUnsupportedReason(_ subject: SubjectID) -> String? {
  switch subject {
  case .token, .published, .observation: nil
  default: "rebinding a cell is measured with ObservationToken, OpenCombine @Published and Observation"
  }
}

/// The rebind benchmark for `subject`, with a concrete subject type so it is specialized.
func makeRebindBenchmark(_ subject: SubjectID) -> Benchmark? {
  switch subject {
  case .token: rebindBenchmark(TokenRebind.self)
  case .published: rebindBenchmark(PublishedRebind.self)
  case .observation: rebindBenchmark(ObservationRebind.self)
  default: nil
  }
}
