#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
  enum Mode { case table, smoke, single, plan, scalingPlan, chart, chartTable }
  var mode = Mode.table
  var singleCase: CaseID?
  var singleSubject: SubjectID?
  var iterations: Int?
  var cases = CaseID.allCases
  var subjects = SubjectID.allCases
  var repeats = 11
  var targetMilliseconds = 4.0
  var checkOperations = 300
  var memoryTokens = 1_000_000
  var memoryObjects = 1_000
  var scaleTokens = 1_000_000
  var scaleObjects = 100_000
  var scaleRepeats = 3
  /// Bound cells held live by the rebind memory case.
  var rebindCells = rebindMemoryCells
  /// The size of one scaling point (`--size`): observers, tokens, depth.
  var size: Int?
  /// The sizes a scaling plan lists (`--sizes`; default: the family's).
  var sizes: [Int]?
  /// The family of `--scaling-plan`, `--chart` and `--table`.
  var family: ScalingFamily?

  static let smoke = Options(
    mode: .smoke, repeats: 1, checkOperations: 120,
    memoryTokens: 2_000, memoryObjects: 20, scaleTokens: 2_000, scaleObjects: 200, scaleRepeats: 1, rebindCells: 20
  )
}

/// One timed (case, subject) pair of the table.
final class Entry {
  let kind: CaseID
  let subject: SubjectID
  let benchmark: Benchmark?
  var iterations = 0
  var samples: [Double] = []

  init(kind: CaseID, subject: SubjectID, benchmark: Benchmark?) {
    self.kind = kind
    self.subject = subject
    self.benchmark = benchmark
  }

  var median: Double { samples.isEmpty ? .nan : samples.sorted()[samples.count / 2] }
  var minimum: Double { samples.min() ?? .nan }
  var maximum: Double { samples.max() ?? .nan }
}

/// The number of operations the check pass runs for a pair.
func checkOperations(_ kind: CaseID, _ subject: SubjectID, base: Int) -> Int {
  switch kind {
  case .fanOut100, .send100: max(4, base / 10)
  case .append, .propertyAppend, .propertyAppendUnobserved: appendBatch + base  // crosses a batch boundary
  case _ where kind.modelMutation?.mutation == .append: appendBatch + base
  default: subject == .observations ? min(base, 100) : base
  }
}

// MARK: - The full run

func runTable(_ options: Options) -> Int32 {
  printHeader(options)
  var failures: [String] = []

  // Set up and check every pair before anything is timed.
  var entries: [Entry] = []
  for kind in CaseID.timed where options.cases.contains(kind) {
    for subject in options.subjects {
      let benchmark = makeBenchmark(kind, subject)
      let entry = Entry(kind: kind, subject: subject, benchmark: benchmark)
      entries.append(entry)
      guard let benchmark else { continue }
      do throws(BenchmarkFailure) {
        try benchmark.check(checkOperations(kind, subject, base: options.checkOperations))
      } catch {
        failures.append("\(kind.rawValue) / \(subject.rawValue): \(error.message)")
      }
    }
  }
  guard failures.isEmpty else { return reportFailures(failures) }
  print(
    "Checks: every observer was called exactly as expected, with the right values, in \(entries.filter { $0.benchmark != nil }.count) pairs."
  )
  flushOutput()

  // Pick each pair's iteration count so that one run takes about the target time.
  let target = options.targetMilliseconds * 1e6
  for entry in entries {
    guard let benchmark = entry.benchmark else { continue }
    var iterations = 1
    while true {
      let elapsed = benchmark.run(iterations).nanoseconds
      if elapsed >= target / 5 || iterations >= 1 << 30 {
        iterations = max(1, Int(Double(iterations) * target / max(elapsed, 1)))
        break
      }
      iterations *= elapsed < target / 100 ? 16 : 4
    }
    entry.iterations = iterations
    _ = benchmark.run(iterations)  // warm-up at the final size
  }

  // Round robin: each repeat runs every pair once, so machine noise hits them alike.
  for _ in 0..<options.repeats {
    for entry in entries {
      guard let benchmark = entry.benchmark else { continue }
      entry.samples.append(benchmark.run(entry.iterations).nanoseconds / Double(entry.iterations))
    }
  }
  printTimeTable(entries, options)

  // Memory and scale.
  if options.cases.contains(.memory) {
    runMemory(options, failures: &failures)
  }
  if options.cases.contains(.scale) {
    runScale(options, failures: &failures)
  }
  if options.cases.contains(.eventMemory) {
    runEventMemory(options, failures: &failures)
  }
  if options.cases.contains(.eventScale) {
    runEventScale(options, failures: &failures)
  }
  if options.cases.contains(.rebindMemory) {
    runRebindMemory(options, failures: &failures)
  }
  printNotes(options)
  guard failures.isEmpty else { return reportFailures(failures) }
  return 0
}

private func reportFailures(_ failures: [String]) -> Int32 {
  printError("\nFAILED checks (\(failures.count)):")
  for failure in failures { printError("  " + failure) }
  return 1
}

private func printHeader(_ options: Options) {
  print("ObservationToken benchmarks")
  #if compiler(>=6.3)
  let compiler = "Swift 6.3 or later"
  #elseif compiler(>=6.2)
  let compiler = "Swift 6.2"
  #else
  let compiler = "Swift 6.0/6.1"
  #endif
  #if DEBUG
  let configuration = "DEBUG build: numbers are meaningless, use -c release"
  #else
  let configuration = "release build"
  #endif
  print("compiler: \(compiler), \(configuration); \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online")
  print(
    "\(options.repeats) repeats, interleaved round robin, ~\(format(options.targetMilliseconds, digits: 1)) ms per pair per repeat; "
      + "ns per operation: median, min and max over repeats; × floor = median / the floor's median in the same case"
  )
  print(
    "Observations (SE-0475): " + (observationsAvailability ?? "available; measured for set + notify, chain and derived")
  )
  print()
  flushOutput()
}

private func printTimeTable(_ entries: [Entry], _ options: Options) {
  let caseWidth = 32
  let subjectWidth = 39
  let numberWidth = 10
  func row(_ caseText: String, _ subject: String, _ values: [String]) {
    print(
      pad(caseText, caseWidth) + pad(subject, subjectWidth) + values.map { pad($0, numberWidth, right: true) }.joined())
  }
  row("case", "subject", ["median", "min", "max", "× floor"])
  print(String(repeating: "-", count: caseWidth + subjectWidth + 4 * numberWidth))

  func floorMedian(_ kind: CaseID) -> Double {
    entries.first { $0.kind == kind && $0.subject == .floor }?.median ?? .nan
  }

  for kind in CaseID.timed where options.cases.contains(kind) {
    let caseEntries = entries.filter { $0.kind == kind }
    let floor = floorMedian(kind)
    let divisors = kind.perReceiver.map { $0.count > 1 ? [1, $0.count] : [1] } ?? [1]
    for divisor in divisors {
      var caseText = kind.title
      if divisor > 1, let label = kind.perReceiver?.label { caseText = label }
      for entry in caseEntries {
        let text = entry === caseEntries.first ? caseText : ""
        guard entry.benchmark != nil else {
          row(text, entry.subject.title, ["—", "", "", ""])
          continue
        }
        let scale = Double(divisor)
        row(
          text, entry.subject.title,
          [
            formatNanos(entry.median / scale), formatNanos(entry.minimum / scale), formatNanos(entry.maximum / scale),
            format(entry.median / floor, digits: 2),
          ])
      }
    }
  }
  print()

  // The same medians as a matrix, for a quick look.
  let subjects = options.subjects
  let cellWidth = 14
  print(pad("median ns/op (× floor)", caseWidth) + subjects.map { pad($0.short, cellWidth, right: true) }.joined())
  for kind in CaseID.timed where options.cases.contains(kind) {
    let floor = floorMedian(kind)
    let cells = subjects.map { subject -> String in
      guard let entry = entries.first(where: { $0.kind == kind && $0.subject == subject }), entry.benchmark != nil
      else {
        return "—"
      }
      return "\(formatNanos(entry.median)) (\(format(entry.median / floor, digits: 1)))"
    }
    print(pad(kind.title, caseWidth) + cells.map { pad($0, cellWidth, right: true) }.joined())
  }
  print()
  flushOutput()
}

// MARK: - Memory and scale

private func runMemory(_ options: Options, failures: inout [String]) {
  print(
    "Memory per live token: \(options.memoryTokens) observations of one property, \(options.memoryTokens / options.memoryObjects) on each of \(options.memoryObjects) objects"
  )
  runMemory(.memory, unit: "token", options, failures: &failures) { subject throws(BenchmarkFailure) in
    try memoryResult(subject, tokens: options.memoryTokens, objects: options.memoryObjects)
  }
}

private func runEventMemory(_ options: Options, failures: inout [String]) {
  print(
    "Memory per live subscription: \(options.memoryTokens) event subscriptions, \(options.memoryTokens / options.memoryObjects) on each of \(options.memoryObjects) senders"
  )
  runMemory(.eventMemory, unit: "sub", options, failures: &failures) { subject throws(BenchmarkFailure) in
    try eventMemoryResult(subject, subscriptions: options.memoryTokens, senders: options.memoryObjects)
  }
}

private func runRebindMemory(_ options: Options, failures: inout [String]) {
  print(
    "Memory per bound cell: \(options.rebindCells) cells, each bound to five properties of its own row (4 binds + 1 observe), over the rows and cells alone"
  )
  runMemory(.rebindMemory, unit: "cell", options, failures: &failures) { subject throws(BenchmarkFailure) in
    try rebindMemoryResult(subject, cells: options.rebindCells)
  }
}

private func runMemory(
  _ kind: CaseID, unit: String, _ options: Options, failures: inout [String],
  measure: (SubjectID) throws(BenchmarkFailure) -> MemoryResult?
) {
  print("(heap: glibc mallinfo2 uordblks + hblkhd delta; RSS: /proc/self/statm delta; create: time to make them)")
  let width = 39
  print(
    pad("subject", width) + pad("heap B/\(unit)", 14, right: true) + pad("RSS B/\(unit)", 14, right: true)
      + pad("create ns/\(unit)", 17, right: true))
  for subject in options.subjects {
    do throws(BenchmarkFailure) {
      guard unsupportedReason(kind, subject) == nil, let result = try measure(subject) else {
        print(pad(subject.title, width) + pad("—", 14, right: true))
        continue
      }
      print(
        pad(subject.title, width) + pad(format(result.heapBytesPerToken, digits: 1), 14, right: true)
          + pad(format(result.residentBytesPerToken, digits: 1), 14, right: true)
          + pad(formatNanos(result.nanosecondsPerToken), 17, right: true)
      )
    } catch {
      failures.append("\(kind.rawValue) / \(subject.rawValue): \(error.message)")
      print(pad(subject.title, width) + "  FAILED: " + error.message)
    }
    flushOutput()
  }
  print()
}

/// Bytes that may remain allocated after a scale run without calling it a leak: lazily
/// made runtime metadata and caches, not per-token memory.
func scaleTolerance(tokens: Int) -> Int { 64 * 1024 }

private func runScale(_ options: Options, failures: inout [String]) {
  print(
    "Scale: \(options.scaleTokens) tokens on \(options.scaleObjects) objects, created, then ended, then the objects released;"
  )
  print(
    "ns per token over \(options.scaleRepeats) round-robin repeats (median [min–max]); left = heap bytes still allocated afterwards"
  )
  runScale(.scale, options, failures: &failures) { subject, tokens, objects throws(BenchmarkFailure) in
    try scaleResult(subject, tokens: tokens, objects: objects)
  }
}

private func runEventScale(_ options: Options, failures: inout [String]) {
  print(
    "Event scale: \(options.scaleTokens) subscriptions on \(options.scaleObjects) senders, created, then ended, then the senders released;"
  )
  print(
    "ns per subscription over \(options.scaleRepeats) round-robin repeats (median [min–max]); left = heap bytes still allocated afterwards"
  )
  runScale(.eventScale, options, failures: &failures) { subject, subscriptions, senders throws(BenchmarkFailure) in
    try eventScaleResult(subject, subscriptions: subscriptions, senders: senders)
  }
}

private func runScale(
  _ kind: CaseID, _ options: Options, failures: inout [String],
  measure: (SubjectID, Int, Int) throws(BenchmarkFailure) -> ScaleResult?
) {
  let width = 39
  print(
    pad("subject", width) + pad("create", 20, right: true) + pad("end", 20, right: true) + pad("left", 12, right: true)
      + "  "
  )
  let subjects = options.subjects.filter { unsupportedReason(kind, $0) == nil }
  // A small warm-up round first, so lazily made metadata is not taken for a leak.
  for subject in subjects {
    _ = try? measure(subject, max(options.scaleTokens / 100, 100), max(options.scaleObjects / 100, 10))
  }
  var results: [SubjectID: [ScaleResult]] = [:]
  for _ in 0..<options.scaleRepeats {
    for subject in subjects {
      do throws(BenchmarkFailure) {
        if let result = try measure(subject, options.scaleTokens, options.scaleObjects) {
          results[subject, default: []].append(result)
        }
      } catch {
        failures.append("\(kind.rawValue) / \(subject.rawValue): \(error.message)")
      }
    }
  }
  func spread(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard let first = sorted.first, let last = sorted.last else { return "—" }
    let median = sorted[sorted.count / 2]
    return sorted.count == 1
      ? formatNanos(median) : "\(formatNanos(median)) [\(formatNanos(first))–\(formatNanos(last))]"
  }
  for subject in options.subjects {
    guard let runs = results[subject], !runs.isEmpty else {
      print(pad(subject.title, width) + pad("—", 20, right: true))
      continue
    }
    let left = runs.map(\.bytesLeft).max()!
    let leaked = left > scaleTolerance(tokens: options.scaleTokens)
    if leaked {
      failures.append(
        "\(kind.rawValue) / \(subject.rawValue): \(left) bytes still allocated after everything was released")
    }
    print(
      pad(subject.title, width) + pad(spread(runs.map(\.createNanosecondsPerToken)), 20, right: true)
        + pad(spread(runs.map(\.endNanosecondsPerToken)), 20, right: true) + pad("\(left)", 12, right: true)
        + (leaked ? "  LEAK" : "  ok")
    )
  }
  print()
  flushOutput()
}

private func printNotes(_ options: Options) {
  print("Notes")
  print("  —  means the subject cannot express the case:")
  var seen: Set<String> = []
  // The scaling families are not in the table: scaling.sh runs them.
  for kind in CaseID.allCases where options.cases.contains(kind) && kind.scaling == nil {
    for subject in options.subjects {
      guard let reason = unsupportedReason(kind, subject) else { continue }
      let line = "     \(subject.short): \(reason)"
      if seen.insert(line).inserted { print(line) }
    }
  }
  print("  Observation's onChange runs before the change (willSet) and carries no values: its handler re-arms and")
  print("    reads the value as it was before the change, so it reports each change one change late.")
  print("  CurrentValueSubject, @Published and Observations deliver only the new value: their handlers keep the")
  print("    previous one. CurrentValueSubject and @Published also deliver the current value when subscribed.")
  print("  Collection append: each batch of \(appendBatch) appends starts from a fresh empty list (setup not timed);")
  print("    subjects that copy the array on every append pay for its length.")
  print(
    "  No observers / other observed / get: the loop cycles through \(cycledObjects) objects so nothing can be hoisted."
  )
  if options.cases.contains(where: \.isEvent) {
    print(
      "  Events: NotificationCenter posts the Int as the notification's object (no userInfo dictionary), on a private")
    print("    center per sender; the floor's subscribe + invalidate appends a closure and removes the last one.")
  }
  if options.cases.contains(where: \.isRouting) {
    print(
      "  Routing: a chain of N levels, posted on at the bottom, one subscriber (or answer) at the top. The floor calls one"
    )
    print(
      "    stored closure whatever N; delegates make N calls, each level forwarding to its weak delegate by hand, the")
    print("    top's being the handler. Unheard: another event, which the top ignores (floor: a nil closure).")
  }
  flushOutput()
}

// MARK: - Smoke

func runSmoke(_ options: Options) -> Int32 {
  let start = clock.now
  var passed = 0
  var failures: [String] = []
  /// Runs one check of `kind` for `subject`: counts it and prints "ok", or records the
  /// failure and prints "FAIL".
  func check(_ kind: CaseID, _ subject: SubjectID, _ body: () throws(BenchmarkFailure) -> Void) {
    do throws(BenchmarkFailure) {
      try body()
      passed += 1
      print("ok    \(kind.rawValue) / \(subject.rawValue)")
    } catch {
      failures.append("\(kind.rawValue) / \(subject.rawValue): \(error.message)")
      print("FAIL  \(kind.rawValue) / \(subject.rawValue): \(error.message)")
    }
  }
  /// A scale check: after a warm-up run, a run leaves no more allocated than the tolerance.
  func checkScale(_ measure: () throws(BenchmarkFailure) -> ScaleResult?) throws(BenchmarkFailure) {
    _ = try measure()  // warm-up
    guard let result = try measure() else { return }
    try failIfNeeded(
      result.bytesLeft <= scaleTolerance(tokens: options.scaleTokens),
      "\(result.bytesLeft) bytes still allocated after everything was released"
    )
  }
  for kind in CaseID.timed where options.cases.contains(kind) {
    for subject in options.subjects {
      guard let benchmark = makeBenchmark(kind, subject) else { continue }
      check(kind, subject) { () throws(BenchmarkFailure) in
        try benchmark.check(checkOperations(kind, subject, base: options.checkOperations))
      }
    }
  }
  for subject in options.subjects {
    if options.cases.contains(.memory), unsupportedReason(.memory, subject) == nil {
      check(.memory, subject) { () throws(BenchmarkFailure) in
        _ = try memoryResult(subject, tokens: options.memoryTokens, objects: options.memoryObjects)
      }
    }
    if options.cases.contains(.scale), unsupportedReason(.scale, subject) == nil {
      check(.scale, subject) { () throws(BenchmarkFailure) in
        try checkScale { () throws(BenchmarkFailure) in
          try scaleResult(subject, tokens: options.scaleTokens, objects: options.scaleObjects)
        }
      }
    }
    if options.cases.contains(.eventMemory), unsupportedReason(.eventMemory, subject) == nil {
      check(.eventMemory, subject) { () throws(BenchmarkFailure) in
        _ = try eventMemoryResult(subject, subscriptions: options.memoryTokens, senders: options.memoryObjects)
      }
    }
    if options.cases.contains(.eventScale), unsupportedReason(.eventScale, subject) == nil {
      check(.eventScale, subject) { () throws(BenchmarkFailure) in
        try checkScale { () throws(BenchmarkFailure) in
          try eventScaleResult(subject, subscriptions: options.scaleTokens, senders: options.scaleObjects)
        }
      }
    }
    if options.cases.contains(.rebindMemory), unsupportedReason(.rebindMemory, subject) == nil {
      check(.rebindMemory, subject) { () throws(BenchmarkFailure) in
        _ = try rebindMemoryResult(subject, cells: options.rebindCells)
      }
    }
  }
  // Each scaling family at its smallest sizes, and its chart drawn from what they did.
  for family in ScalingFamily.allCases {
    var results: [ScalingResult] = []
    for kind in family.cases where options.cases.contains(kind) {
      for subject in options.subjects where unsupportedReason(kind, subject) == nil {
        check(kind, subject) { () throws(BenchmarkFailure) in
          for size in family.smokeSizes {
            let point = try measureScalingPoint(kind, subject, size: size, smoke: true)
            let perUnit = point.elapsed.nanoseconds / Double(point.units)
            results.append(
              ScalingResult(kind: kind, subject: subject, size: size, measures: [perUnit, point.secondMeasure]))
          }
        }
      }
    }
    guard !results.isEmpty else { continue }
    let chart = scalingChart(family, results, notes: ["smoke"])
    let lines = chart.split(separator: "\n").filter { $0.hasPrefix("<polyline") }.count
    let expected =
      Set(results.map { "\($0.kind) \($0.subject)" }).count * (results.contains { $0.measures[1] != nil } ? 2 : 1)
    if chart.hasPrefix("<svg") && chart.hasSuffix("</svg>\n") && lines == expected {
      passed += 1
      print("ok    chart \(family.rawValue)")
    } else {
      failures.append("chart \(family.rawValue): \(lines) lines drawn; expected \(expected)")
      print("FAIL  chart \(family.rawValue): \(lines) lines drawn; expected \(expected)")
    }
  }
  print("checks only, no timing claims; \(format((clock.now - start).nanoseconds / 1e9, digits: 1)) s")
  print("smoke: \(passed) passed, \(failures.count) failed")
  flushOutput()
  return failures.isEmpty ? 0 : 1
}

// MARK: - One pair, for callgrind

func runSingle(_ options: Options) -> Int32 {
  guard let kind = options.singleCase, let subject = options.singleSubject else {
    printError("--case and --subject go together")
    return 2
  }
  if let reason = unsupportedReason(kind, subject) {
    printError("\(kind.rawValue) / \(subject.rawValue) is not measured: \(reason)")
    return 3
  }
  if let family = kind.scaling { return runScalingPoint(kind, subject, size: options.size ?? family.sizes[0]) }
  guard let iterations = options.iterations else {
    printError("--iterations goes with --case \(kind.rawValue)")
    return 2
  }
  do throws(BenchmarkFailure) {
    switch kind {
    case .memory:
      let objects = max(1, iterations / 1_000)
      guard let result = try memoryResult(subject, tokens: iterations, objects: objects) else { return 3 }
      print(
        "\(kind.rawValue) \(subject.rawValue) tokens \(iterations) objects \(objects) heap-bytes-per-token \(format(result.heapBytesPerToken, digits: 1)) rss-bytes-per-token \(format(result.residentBytesPerToken, digits: 1))"
      )
    case .scale:
      let objects = max(1, iterations / 10)
      guard let result = try scaleResult(subject, tokens: iterations, objects: objects) else { return 3 }
      print(
        "\(kind.rawValue) \(subject.rawValue) tokens \(iterations) create-ns-per-token \(formatNanos(result.createNanosecondsPerToken)) end-ns-per-token \(formatNanos(result.endNanosecondsPerToken)) bytes-left \(result.bytesLeft)"
      )
    case .eventMemory:
      let senders = max(1, iterations / 1_000)
      guard let result = try eventMemoryResult(subject, subscriptions: iterations, senders: senders) else { return 3 }
      print(
        "\(kind.rawValue) \(subject.rawValue) subscriptions \(iterations) senders \(senders) heap-bytes-per-subscription \(format(result.heapBytesPerToken, digits: 1)) rss-bytes-per-subscription \(format(result.residentBytesPerToken, digits: 1))"
      )
    case .eventScale:
      let senders = max(1, iterations / 10)
      guard let result = try eventScaleResult(subject, subscriptions: iterations, senders: senders) else { return 3 }
      print(
        "\(kind.rawValue) \(subject.rawValue) subscriptions \(iterations) create-ns-per-subscription \(formatNanos(result.createNanosecondsPerToken)) end-ns-per-subscription \(formatNanos(result.endNanosecondsPerToken)) bytes-left \(result.bytesLeft)"
      )
    case .rebindMemory:
      guard let result = try rebindMemoryResult(subject, cells: iterations) else { return 3 }
      print(
        "\(kind.rawValue) \(subject.rawValue) cells \(iterations) heap-bytes-per-cell \(format(result.heapBytesPerToken, digits: 1)) rss-bytes-per-cell \(format(result.residentBytesPerToken, digits: 1))"
      )
    default:
      guard let benchmark = makeBenchmark(kind, subject) else {
        printError("\(kind.rawValue) / \(subject.rawValue) is not available here")
        return 3
      }
      try benchmark.check(checkOperations(kind, subject, base: 50))
      let elapsed = benchmark.run(iterations)
      print(
        "\(kind.rawValue) \(subject.rawValue) iterations \(iterations) ns-per-op \(formatNanos(elapsed.nanoseconds / Double(iterations)))"
      )
    }
  } catch {
    printError("FAILED \(kind.rawValue) / \(subject.rawValue): \(error.message)")
    return 1
  }
  return 0
}

/// One point of a scaling family: prints the units of work counted and their native time
/// (and heap bytes per token), as `scaling.sh` reads them.
private func runScalingPoint(_ kind: CaseID, _ subject: SubjectID, size: Int) -> Int32 {
  do throws(BenchmarkFailure) {
    let point = try measureScalingPoint(kind, subject, size: size, smoke: false)
    var line = "\(kind.rawValue) \(subject.rawValue) size \(size) units \(point.units)"
    line += " ns-per-unit \(formatNanos(point.elapsed.nanoseconds / Double(point.units)))"
    if let bytes = point.heapBytesPerToken { line += " heap-bytes-per-token \(format(bytes, digits: 1))" }
    if let applies = point.appliesPerRowPerFrame {
      line += " applies-per-row-per-frame \(format(applies, digits: 2))"
    }
    print(line)
    return 0
  } catch {
    printError("FAILED \(kind.rawValue) / \(subject.rawValue) at \(size): \(error.message)")
    return 1
  }
}

// MARK: - The callgrind plan

/// Operations per callgrind run for each pair: chosen (from measured instructions per
/// operation) so that one run executes about 25 million instructions besides startup and
/// takes a second or two under valgrind. Fixed, so that runs are reproducible; appends are
/// whole batches. A faster library only makes the runs shorter.
let callgrindPlan: [String: [String: Int]] = [
  "set-unobserved": [
    "floor": 2_000_000, "observation": 50_000, "currentvaluesubject": 50_000, "published": 10_000,
    "passthroughsubject": 50_000, "naive": 100_000, "token": 500_000,
  ],
  "set-other-observed": [
    "floor": 2_000_000, "observation": 10_000, "currentvaluesubject": 50_000, "published": 10_000,
    "passthroughsubject": 50_000, "naive": 20_000, "token": 500_000,
  ],
  "get": [
    "floor": 5_000_000, "observation": 100_000, "currentvaluesubject": 100_000, "published": 10_000,
    "passthroughsubject": 5_000_000, "naive": 5_000_000, "token": 500_000,
  ],
  "set-notify": [
    "floor": 200_000, "observation": 2_000, "observations": 1_000, "currentvaluesubject": 10_000, "published": 5_000,
    "passthroughsubject": 20_000, "naive": 20_000, "token": 50_000,
  ],
  "observe-invalidate": [
    "floor": 200_000, "currentvaluesubject": 2_000, "published": 1_000, "passthroughsubject": 2_000, "naive": 5_000,
    "token": 5_000,
  ],
  "onchange-notify": ["token": 50_000],
  "onchange-invalidate": ["token": 5_000],
  "onchange-cross-notify": ["token": 50_000],
  "onchange-cross-invalidate": ["token": 5_000],
  "fanout-1": [
    "floor": 200_000, "observation": 2_000, "currentvaluesubject": 10_000, "published": 5_000,
    "passthroughsubject": 20_000, "naive": 20_000, "token": 50_000,
  ],
  "fanout-10": [
    "floor": 20_000, "observation": 200, "currentvaluesubject": 1_000, "published": 1_000, "passthroughsubject": 2_000,
    "naive": 2_000, "token": 10_000,
  ],
  "fanout-100": [
    "floor": 2_000, "observation": 50, "currentvaluesubject": 200, "published": 200, "passthroughsubject": 200,
    "naive": 500, "token": 1_000,
  ],
  "chain-leaf-set": [
    "floor": 100_000, "observation": 1_000, "observations": 1_000, "published": 5_000, "token": 1_000,
  ],
  "derived-set": ["floor": 50_000, "observation": 1_000, "observations": 1_000, "token": 1_000],
  "send-1": [
    "floor": 1_000_000, "passthroughsubject": 50_000, "notificationcenter": 10_000, "naive": 100_000, "token": 200_000,
  ],
  "send-10": [
    "floor": 200_000, "passthroughsubject": 5_000, "notificationcenter": 2_000, "naive": 20_000, "token": 20_000,
  ],
  "send-100": ["floor": 20_000, "passthroughsubject": 500, "notificationcenter": 200, "naive": 2_000, "token": 2_000],
  "subscribe-invalidate": [
    "floor": 200_000, "passthroughsubject": 2_000, "notificationcenter": 2_000, "naive": 20_000, "token": 5_000,
  ],
  "post-1": ["floor": 300_000, "delegate": 150_000, "token": 5_000],
  "post-3": ["floor": 300_000, "delegate": 50_000, "token": 2_000],
  "post-10": ["floor": 300_000, "delegate": 20_000, "token": 1_000],
  "post-unheard": ["floor": 2_000_000, "delegate": 50_000, "token": 2_000],
  "request-3": ["floor": 300_000, "delegate": 50_000, "token": 2_000],
  "route-subscribe-invalidate": ["floor": 300_000, "delegate": 100_000, "token": 10_000],
  "collection-append": [
    "floor": 100_000, "observation": 2_000, "currentvaluesubject": 10_000, "published": 5_000,
    "passthroughsubject": 20_000, "naive": 10_000, "token": 1_000,
  ],
  "property-append": ["floor": 100_000, "observation": 2_000, "token": 1_000],
  "property-append-unobserved": ["floor": 1_000_000, "observation": 10_000, "token": 10_000],
  // Mutations of a model declared in BenchmarkModels (appends are whole batches).
  "module-set": ["floor": 200_000, "observation": 20_000, "token": 200_000],
  "module-add": ["floor": 200_000, "observation": 20_000, "token": 200_000],
  "module-append": ["floor": 100_000, "observation": 20_000, "token": 100_000],
  "cross-set": ["floor": 200_000, "observation": 20_000, "token": 200_000],
  "cross-add": ["floor": 200_000, "observation": 20_000, "token": 10_000],
  "cross-append": ["floor": 100_000, "observation": 20_000, "token": 10_000],
  "override-set": ["floor": 200_000, "token": 100_000],
  "override-add": ["floor": 200_000, "token": 10_000],
  "override-append": ["floor": 100_000, "token": 10_000],
  "protocol-set": ["floor": 200_000, "observation": 20_000, "token": 200_000],
  "protocol-add": ["floor": 200_000, "observation": 20_000, "token": 10_000],
  "protocol-append": ["floor": 100_000, "observation": 20_000, "token": 10_000],
  "module-set-observed": ["token": 50_000],
  "module-add-observed": ["token": 50_000],
  "module-append-observed": ["token": 10_000],
  "cross-set-observed": ["token": 50_000],
  "cross-add-observed": ["token": 5_000],
  "cross-append-observed": ["token": 5_000],
  "override-set-observed": ["token": 50_000],
  "override-add-observed": ["token": 5_000],
  "override-append-observed": ["token": 5_000],
  "protocol-set-observed": ["token": 50_000],
  "protocol-add-observed": ["token": 5_000],
  "protocol-append-observed": ["token": 5_000],
  "rebind": ["observation": 200, "published": 200, "token": 500],
  "rebind-cross": ["token": 500],
  "progress-every-change": ["token": 1],
  "progress-latest": ["token": 1],
]

func callgrindIterations(_ kind: CaseID, _ subject: SubjectID) -> Int {
  callgrindPlan[kind.rawValue]?[subject.rawValue] ?? 1_000
}

func printCallgrindPlan(_ options: Options) -> Int32 {
  for kind in CaseID.timed where options.cases.contains(kind) {
    for subject in options.subjects where unsupportedReason(kind, subject) == nil {
      print("\(kind.rawValue) \(subject.rawValue) \(callgrindIterations(kind, subject))")
    }
  }
  return 0
}
