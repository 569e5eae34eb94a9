// How cost grows with the work: families of cases measured at growing sizes, one point
// (case, subject, size) per run. A point does a known number of units of work (observers
// notified, tokens made or ended, levels passed) inside ``countedWork(_:)``, which
// `scaling.sh` has callgrind count alone (`--toggle-collect`), and divides by the units: a
// flat line means the cost grows linearly with the work.

/// Runs `work`: the only code `scaling.sh` has callgrind count, so setting up, warming up
/// and checking stay out of the figure.
@inline(never)
func countedWork(_ work: () -> Void) {
  work()
}

/// A family of scaling cases: one chart, one table.
enum ScalingFamily: String, CaseIterable {
  case fanOut = "fanout"
  case tokens
  case drain
  case chain
  case node
  case rebind
  case frame

  /// Its cases: the lines of its chart are their subjects (several cases: dashed for all
  /// but the first of a subject).
  var cases: [CaseID] {
    switch self {
    case .fanOut: [.fanOutScaling]
    case .tokens: [.tokensOnOneObject, .tokensAcrossObjects]
    case .drain: [.drainOldest, .drainNewest, .eventDrainOldest, .eventDrainNewest]
    case .chain: [.chainDepth]
    case .node: [.nodeDepth]
    case .rebind: [.rebindScaling]
    case .frame: [.frameEveryChange, .frameLatest]
    }
  }

  var subjects: [SubjectID] {
    switch self {
    case .fanOut, .tokens:
      [.floor, .observation, .currentValueSubject, .published, .passthroughSubject, .naive, .token]
    case .drain: [.token]
    case .chain: [.floor, .observation, .published, .token]
    case .node: [.floor, .delegate, .token]
    case .rebind: [.observation, .published, .token]
    case .frame: [.token]
    }
  }

  func unsupportedReason(_ subject: SubjectID) -> String? {
    guard !subjects.contains(subject) else { return nil }
    switch self {
    case .fanOut, .tokens:
      return "the \(rawValue) family is measured with the subjects that observe one property"
    case .drain: return "the drain is measured for ObservationToken only: it measures its subscriber list"
    case .chain: return "the chain family is measured with the floor, Observation, @Published and ObservationToken"
    case .node: return "the node family is measured with the floor, delegates forwarding by hand and ObservationToken"
    case .rebind: return "the rebind family is measured with ObservationToken, OpenCombine @Published and Observation"
    case .frame: return "the frame family measures ObservationToken's delivery, per change and latest value"
    }
  }

  /// The sizes `--smoke` checks: the smallest, and for the depths, which cost little, the
  /// deepest too (every key path of the chain).
  var smokeSizes: [Int] {
    switch self {
    case .fanOut: Array(sizes.prefix(2))
    case .tokens, .drain, .rebind: [sizes[0]]
    case .chain: sizes
    case .node: [1, 2, sizes.last!]
    case .frame: [1, 10]
    }
  }

  /// The sizes `scaling.sh` measures.
  var sizes: [Int] {
    switch self {
    case .fanOut: [1, 10, 100, 1_000, 10_000]
    case .tokens: [100, 1_000, 10_000, 100_000, 1_000_000]
    case .drain: [100, 1_000, 10_000, 100_000]
    case .chain: [1, 2, 3, 4, 5, 6, 7, 8]
    case .node: [1, 2, 4, 8, 16, 32, 64, 100]
    case .rebind: [10, 100, 1_000, 10_000]
    case .frame: [1, 10, 100, 1_000]
    }
  }

  /// The largest size `scaling.sh` runs under valgrind for `subject` in `kind`, so that one
  /// point takes a few minutes at most on two loaded cores; the sizes above it, up to
  /// ``largestNativeSize(_:_:)``, run natively only (heap bytes, no instruction count).
  /// The run does more than the count: it checks the tokens and ends them, and ending the
  /// naive registry's observations of one property copies its list for each (O(k²)).
  func largestCountedSize(_ kind: CaseID, _ subject: SubjectID) -> Int {
    guard self == .tokens else { return sizes.last! }
    switch (kind, subject) {
    case (_, .floor): return 1_000_000
    case (_, .token): return 100_000
    case (.tokensOnOneObject, .naive): return 1_000
    default: return 10_000
    }
  }

  /// The largest size `scaling.sh` runs at all: a million live tokens for the floor and
  /// ObservationToken, 10⁵ for the peers (ending a peer's observations of one property
  /// searches its list for each, and a million across objects take gigabytes), 10⁴ for the
  /// naive registry's on one object.
  func largestNativeSize(_ kind: CaseID, _ subject: SubjectID) -> Int {
    guard self == .tokens else { return sizes.last! }
    switch (kind, subject) {
    case (_, .floor), (_, .token): return 1_000_000
    case (.tokensOnOneObject, .naive): return 10_000
    default: return 100_000
    }
  }

  var title: String {
    switch self {
    case .fanOut: "Fan-out: one set, cost per observer"
    case .tokens: "Live tokens: cost per observe and heap per token"
    case .drain: "Ending k tokens: cost per token ended, by order"
    case .chain: "Chain depth: one leaf set through \\.next?.next?…value, cost per level"
    case .node: "Node depth: one post up a chain of EventNodes, cost per level"
    case .rebind: "Rebind: one of N bound cells rebound to another row, cost per rebind"
    case .frame: "Frame: 100 rows bound on the main actor, each changed N times a frame by 4 threads"
    }
  }

  var xLabel: String {
    switch self {
    case .fanOut: "observers of the property set"
    case .tokens: "live tokens"
    case .drain: "tokens ended (k, sharing one property or one sender)"
    case .chain: "objects in the chain (depth)"
    case .node: "nodes from the poster to the subscriber (depth)"
    case .rebind: "bound cells (each bound to five properties of its own row)"
    case .frame: "changes per row per frame"
    }
  }

  /// The label of each panel's y axis: instructions per unit, then (tokens) heap bytes.
  var yLabels: [String] {
    switch self {
    case .fanOut: ["instructions per observer (one set ÷ observers)"]
    case .tokens: ["instructions per observe", "heap bytes per live token"]
    case .drain: ["instructions per token ended"]
    case .chain: ["instructions per level (one set ÷ depth)"]
    case .node: ["instructions per level (one post ÷ depth)"]
    case .rebind: ["instructions per rebind"]
    case .frame: ["main-thread instructions per background change", "main-actor applies per row per frame"]
    }
  }

  /// How the table names each measure when there are several (after the line's label).
  var tableMeasureLabels: [String] {
    switch self {
    case .frame: ["main-thread instructions per change", "applies per row per frame"]
    default: ["instructions per observe", "heap bytes per token"]
    }
  }

  /// Whether the x axis is logarithmic (counts); the chain's depths are few and linear.
  var logX: Bool { self != .chain }

  /// The units of work the point of `size` does: enough that the loop's own few hundred
  /// instructions vanish, few enough that the slowest subject runs in seconds under valgrind.
  func units(size: Int, smoke: Bool) -> Int {
    switch self {
    case .tokens: size
    case .drain: size * rounds(size: size, smoke: smoke)
    case .fanOut, .chain, .node, .rebind: size * repetitions(size: size, smoke: smoke)
    case .frame: frameRows * size * repetitions(size: size, smoke: smoke)
    }
  }

  /// Sets or posts per point (fan-out, chain, node), rounds per point (drain).
  func repetitions(size: Int, smoke: Bool) -> Int {
    if smoke { return 2 }
    let target =
      switch self {
      case .fanOut: 10_000
      case .chain: 2_000
      case .node: 10_000
      case .rebind: 5_000
      case .frame: 200
      case .tokens, .drain: 1
      }
    return max(2, target / size)
  }

  func rounds(size: Int, smoke: Bool) -> Int {
    smoke ? 2 : (size >= 10_000 ? 1 : 10_000 / size)
  }
}

extension CaseID {
  /// The scaling family the case belongs to; `nil` for the table's cases.
  var scaling: ScalingFamily? {
    ScalingFamily.allCases.first { $0.cases.contains(self) }
  }
}

/// What one point measured natively: units of work, their time, and for live tokens the
/// heap bytes per token (under valgrind the time and bytes mean nothing; the count does).
struct ScalingPoint {
  var units: Int
  var elapsed: Duration
  var heapBytesPerToken: Double?
  /// Main-actor applies per row per frame (the frame family).
  var appliesPerRowPerFrame: Double?

  /// The point's second panel: heap bytes per token, or applies per row per frame.
  var secondMeasure: Double? { heapBytesPerToken ?? appliesPerRowPerFrame }
}

/// Runs one point: sets up `kind` for `subject` at `size`, checks it, and runs its units of
/// work inside ``countedWork(_:)``.
func measureScalingPoint(_ kind: CaseID, _ subject: SubjectID, size: Int, smoke: Bool) throws(BenchmarkFailure)
  -> ScalingPoint
{
  guard let family = kind.scaling, family.unsupportedReason(subject) == nil else {
    throw BenchmarkFailure(message: "\(kind.rawValue) is not measured for \(subject.rawValue)")
  }
  let units = family.units(size: size, smoke: smoke)
  let repetitions = family.repetitions(size: size, smoke: smoke)
  /// Checks `benchmark`, then runs its repetitions as the counted work.
  func counted(_ benchmark: Benchmark?) throws(BenchmarkFailure) -> ScalingPoint {
    guard let benchmark else {
      throw BenchmarkFailure(message: "\(kind.rawValue) has no benchmark for \(subject.rawValue)")
    }
    try benchmark.check(2)
    var elapsed = Duration.zero
    countedWork { elapsed = benchmark.run(repetitions) }
    return ScalingPoint(units: units, elapsed: elapsed)
  }
  switch kind {
  case .fanOutScaling: return try counted(fanOutBenchmark(subject, observers: size))
  case .chainDepth: return try counted(chainDepthBenchmark(subject, depth: size))
  case .nodeDepth: return try counted(routePostBenchmark(subject, length: size))
  case .rebindScaling: return try counted(rebindScalingBenchmark(subject, cells: size))
  case .frameEveryChange, .frameLatest:
    return try measureFramePoint(
      delivery: kind == .frameLatest ? .latest : .everyChange, changesPerRow: size, frames: repetitions)
  case .tokensOnOneObject, .tokensAcrossObjects:
    // A few tokens first, outside the count, so what is made once per process (metadata,
    // caches) is not charged to the point.
    _ = try memoryResult(subject, tokens: 4, objects: 2)
    let objects = kind == .tokensOnOneObject ? 1 : size
    guard let result = try memoryResult(subject, tokens: size, objects: objects) else {
      throw BenchmarkFailure(message: "\(kind.rawValue) has no memory run for \(subject.rawValue)")
    }
    return ScalingPoint(
      units: units, elapsed: .nanoseconds(Int64(result.nanosecondsPerToken * Double(size))),
      heapBytesPerToken: result.heapBytesPerToken
    )
  default:
    let result = try measureDrain(kind, tokens: size, rounds: family.rounds(size: size, smoke: smoke))
    return ScalingPoint(units: units, elapsed: .nanoseconds(Int64(result.endNanosecondsPerToken * Double(units))))
  }
}

/// The points `scaling.sh` runs for `family`, one line each: case, subject, size, and
/// `counted` (under callgrind and natively) or `native` (natively only).
func printScalingPlan(_ family: ScalingFamily, _ options: Options) -> Int32 {
  for kind in family.cases where options.cases.contains(kind) {
    for subject in family.subjects where options.subjects.contains(subject) {
      for size in options.sizes ?? family.sizes where size <= family.largestNativeSize(kind, subject) {
        print(
          "\(kind.rawValue) \(subject.rawValue) \(size) \(size <= family.largestCountedSize(kind, subject) ? "counted" : "native")"
        )
      }
    }
  }
  return 0
}
