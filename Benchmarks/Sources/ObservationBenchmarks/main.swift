#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
  usage: ObservationBenchmarks                      the full table (build with -c release)
         ObservationBenchmarks --smoke              every case, tiny counts, checks only (for CI)
         ObservationBenchmarks --case NAME --subject NAME --iterations N
                                                    one pair, N operations, no table (for callgrind)
         ObservationBenchmarks --case fanout-n --subject token --size K
                                                    one point of a scaling family (for scaling.sh)
         ObservationBenchmarks --callgrind-plan     the pairs and iteration counts callgrind.sh runs
         ObservationBenchmarks --scaling-plan FAMILY [--sizes a,b,...]
                                                    the points scaling.sh runs for a family
         ObservationBenchmarks --chart FAMILY < results.txt      its SVG chart, from scaling.sh's results
         ObservationBenchmarks --table FAMILY < results.txt      its Markdown table
  options: --repeats N   --target-ms X   --cases a,b,...   --subjects a,b,...
  cases:    \(CaseID.allCases.map { $0.rawValue }.joined(separator: " "))
  subjects: \(SubjectID.allCases.map { $0.rawValue }.joined(separator: " "))
  families: \(ScalingFamily.allCases.map { $0.rawValue }.joined(separator: " "))
  """

func parse(_ arguments: [String]) -> Options? {
  var options = Options()
  var index = 1
  func value() -> String? {
    index += 1
    return index < arguments.count ? arguments[index] : nil
  }
  while index < arguments.count {
    switch arguments[index] {
    case "--smoke":
      let filtered = (options.cases, options.subjects)
      options = .smoke
      (options.cases, options.subjects) = filtered
    case "--callgrind-plan":
      options.mode = .plan
    case "--case":
      guard let name = value(), let kind = CaseID(rawValue: name) else { return nil }
      options.singleCase = kind
      options.mode = .single
    case "--subject":
      guard let name = value(), let subject = SubjectID(argument: name) else { return nil }
      options.singleSubject = subject
      options.mode = .single
    case "--iterations":
      guard let text = value(), let count = Int(text), count > 0 else { return nil }
      options.iterations = count
    case "--size":
      guard let text = value(), let count = Int(text), count > 0 else { return nil }
      options.size = count
    case "--sizes":
      guard let text = value() else { return nil }
      let sizes = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      guard !sizes.isEmpty else { return nil }
      options.sizes = sizes
    case "--scaling-plan", "--chart", "--table":
      let mode = arguments[index]
      guard let name = value(), let family = ScalingFamily(rawValue: name) else { return nil }
      options.family = family
      options.mode = mode == "--chart" ? .chart : mode == "--table" ? .chartTable : .scalingPlan
    case "--repeats":
      guard let text = value(), let count = Int(text), count > 0 else { return nil }
      options.repeats = count
    case "--target-ms":
      guard let text = value(), let milliseconds = Double(text), milliseconds > 0 else { return nil }
      options.targetMilliseconds = milliseconds
    case "--cases":
      guard let text = value() else { return nil }
      let kinds = text.split(separator: ",").compactMap { CaseID(rawValue: String($0)) }
      guard !kinds.isEmpty else { return nil }
      options.cases = kinds
    case "--subjects":
      guard let text = value() else { return nil }
      var subjects = text.split(separator: ",").compactMap { SubjectID(argument: String($0)) }
      guard !subjects.isEmpty else { return nil }
      if !subjects.contains(.floor) { subjects.insert(.floor, at: 0) }  // ratios need it
      options.subjects = SubjectID.allCases.filter { subjects.contains($0) }
    case "--help", "-h":
      return nil
    default:
      printError("unknown argument: \(arguments[index])")
      return nil
    }
    index += 1
  }
  return options
}

guard let options = parse(CommandLine.arguments) else {
  printError(usage)
  exit(2)
}

switch options.mode {
case .table: exit(runTable(options))
case .smoke: exit(runSmoke(options))
case .single: exit(runSingle(options))
case .plan: exit(printCallgrindPlan(options))
case .scalingPlan: exit(printScalingPlan(options.family!, options))
case .chart:
  let (results, notes) = readScalingResults()
  print(scalingChart(options.family!, results, notes: notes), terminator: "")
case .chartTable: print(scalingTable(options.family!, readScalingResults().results), terminator: "")
}
