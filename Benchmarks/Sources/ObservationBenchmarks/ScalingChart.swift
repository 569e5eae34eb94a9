#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A scaling family's results as a plain SVG chart (one panel per measure, log scales,
// one line per subject, a legend) and as a Markdown table. `scaling.sh` writes the
// results, one point a line — `case subject size instructions-per-unit ns-per-unit
// second-measure` (heap bytes per token, or the frame family's applies per row per frame;
// "-" where not measured); lines starting with `#` are notes,
// shown under the chart's title — and hands them to `--chart` and `--table`.

/// One measured point of a family.
struct ScalingResult {
  var kind: CaseID
  var subject: SubjectID
  var size: Int
  /// Instructions per unit of work, then the second panel's measure: heap bytes per token
  /// (live tokens) or applies per row per frame (frame); `nil` elsewhere.
  var measures: [Double?]
}

/// Reads results from standard input: the points and the notes.
func readScalingResults() -> (results: [ScalingResult], notes: [String]) {
  var results: [ScalingResult] = []
  var notes: [String] = []
  while let line = readLine() {
    if line.hasPrefix("#") {
      notes.append(String(line.dropFirst()).trimmingSpaces)
      continue
    }
    let fields = line.split(separator: " ").map(String.init)
    guard fields.count >= 4, let kind = CaseID(rawValue: fields[0]), let subject = SubjectID(argument: fields[1]),
      let size = Int(fields[2])
    else { continue }
    let bytes = fields.count >= 6 ? Double(fields[5]) : nil
    results.append(ScalingResult(kind: kind, subject: subject, size: size, measures: [Double(fields[3]), bytes]))
  }
  return (results, notes)
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  /// The text escaped for SVG.
  fileprivate var xmlEscaped: String {
    var text = ""
    for character in self {
      switch character {
      case "&": text += "&amp;"
      case "<": text += "&lt;"
      case ">": text += "&gt;"
      case "\"": text += "&quot;"
      default: text.append(character)
      }
    }
    return text
  }
}

/// One line of a chart: a (case, subject) pair of the family.
private struct Series {
  var kind: CaseID
  var subject: SubjectID
  var points: [(size: Int, value: Double)]
}

private extension ScalingFamily {
  /// The chart's lines for panel `measure`, in the family's order (cases, then subjects).
  func series(_ results: [ScalingResult], measure: Int) -> [Series] {
    var lines: [Series] = []
    for kind in cases {
      for subject in SubjectID.allCases {
        let points = results.filter { $0.kind == kind && $0.subject == subject }
          .compactMap { result in result.measures[measure].map { (result.size, $0) } }
          .sorted { $0.0 < $1.0 }
        if !points.isEmpty { lines.append(Series(kind: kind, subject: subject, points: points)) }
      }
    }
    return lines
  }

  /// A line's legend: the subject, and the case where the family has several.
  func label(_ kind: CaseID, _ subject: SubjectID) -> String {
    // The subject's title without its parenthesis: "floor", "Observation", "OpenCombine @Published".
    let name = subject.title.components(separatedBy: " (")[0]
    return switch kind {
    case .tokensOnOneObject: "\(name), one object"
    case .tokensAcrossObjects: "\(name), across objects"
    case .drainOldest: "property, oldest first"
    case .drainNewest: "property, newest first"
    case .eventDrainOldest: "event, oldest first"
    case .eventDrainNewest: "event, newest first"
    case .frameEveryChange: "\(name), per change"
    case .frameLatest: "\(name), latest value"
    default: name
    }
  }

  /// How to read the chart, under its title.
  var reading: String {
    switch self {
    case .fanOut: "Flat: each observer costs the same however many share the property."
    case .tokens: "Flat: each token costs the same, in instructions and in bytes, however many are live."
    case .drain: "Flat: ending a token costs the same whatever the order and however many share its list."
    case .chain, .node:
      "Flat: each level costs the same, so one \(self == .chain ? "set" : "post") grows linearly with depth (the floor's one closure falls as 1/depth)."
    case .rebind: "Flat: a rebind costs the same however many bound cells are live."
    case .frame:
      "Per change: one apply per change, so the main thread's cost per change stays flat; latest value: one apply per row per frame, so it falls as 1/N."
    }
  }

  /// Dashed for the second case of a subject (across objects, newest first).
  func isDashed(_ kind: CaseID) -> Bool {
    [.tokensAcrossObjects, .drainNewest, .eventDrainNewest, .frameLatest].contains(kind)
  }
}

/// A subject's colour, the same in every chart (the drain's event cases take the red).
private func color(_ kind: CaseID, _ subject: SubjectID) -> String {
  if kind == .eventDrainOldest || kind == .eventDrainNewest { return "#d62728" }
  switch subject {
  case .floor: return "#7f7f7f"
  case .observation: return "#ff7f0e"
  case .currentValueSubject: return "#9467bd"
  case .published: return "#8c564b"
  case .passthroughSubject: return "#e377c2"
  case .naive: return "#2ca02c"
  case .notificationCenter: return "#bcbd22"
  case .delegate: return "#17becf"
  case .token, .bridged, .bridgedTracking, .observations: return "#1f77b4"
  }
}

/// A number as an axis shows it: 1k, 10k, 1M for round counts; whole numbers as they are;
/// fractions with one decimal (two below 0.1).
func compactNumber(_ value: Double) -> String {
  if value >= 1_000_000, value.truncatingRemainder(dividingBy: 1_000_000) == 0 { return "\(Int(value / 1_000_000))M" }
  if value >= 1_000, value.truncatingRemainder(dividingBy: 1_000) == 0 { return "\(Int(value / 1_000))k" }
  if value >= 1, value == value.rounded() { return String(Int(value)) }
  return format(value, digits: value < 0.1 ? 2 : 1)
}

/// A number as a table shows it: whole numbers with separators from 100, one decimal below.
func readableNumber(_ value: Double) -> String {
  guard value >= 100 else { return format(value, digits: 1) }
  let digits = String(Int(value.rounded()))
  var text = ""
  for (index, character) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
    text.append(character)
  }
  return text
}

/// An axis: maps values to pixels between `low` and `high` (log or linear).
private struct Axis {
  var minimum: Double
  var maximum: Double
  var log: Bool
  var low: Double
  var high: Double

  func position(_ value: Double) -> Double {
    let (a, b, v) = log ? (log10(minimum), log10(maximum), log10(value)) : (minimum, maximum, value)
    return low + (v - a) / (b - a) * (high - low)
  }

  /// Log axes: 1, 2 and 5 of each decade; linear: every whole number.
  var ticks: [Double] {
    guard log else { return stride(from: minimum, through: maximum, by: 1).map { $0 } }
    var ticks: [Double] = []
    var decade = pow(10, floor(log10(minimum)))
    while decade <= maximum {
      for step in [1.0, 2, 5] where decade * step >= minimum && decade * step <= maximum { ticks.append(decade * step) }
      decade *= 10
    }
    return ticks
  }

  /// A log axis from the power of ten at or below `values`' least to the 1, 2 or 5 of a
  /// decade at or above their greatest, a decade at least, so that small differences do
  /// not look like growth.
  static func logarithmic(_ values: [Double], low: Double, high: Double) -> Axis {
    let least = max(values.min() ?? 1, 1e-3)
    let greatest = max(values.max() ?? 10, least)
    let minimum = pow(10, floor(log10(least)))
    let decade = pow(10, floor(log10(greatest)))
    let maximum = max(
      [1.0, 2, 5, 10].map { $0 * decade }.first { $0 >= greatest * 0.9999 } ?? 10 * decade, 10 * minimum)
    return Axis(minimum: minimum, maximum: maximum, log: true, low: low, high: high)
  }
}

/// `text` in lines of at most `columns` characters, broken between words.
private func wrapped(_ text: String, columns: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty && line.count + 1 + word.count > columns {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + word
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}

/// The family's chart as SVG: one panel per measure side by side, the legend under them.
func scalingChart(_ family: ScalingFamily, _ results: [ScalingResult], notes: [String]) -> String {
  let panelWidth = 520.0
  let panelHeight = 360.0
  let measures = family.yLabels.indices.filter { measure in results.contains { $0.measures[measure] != nil } }
  let allSeries = family.series(results, measure: 0)
  let (left, right, bottom) = (78.0, 24.0, 56.0)
  let width = left + Double(max(measures.count, 1)) * (panelWidth + left) - left + right
  func number(_ value: Double) -> String { format(value, digits: 1) }

  // The header: title, how to read the chart, the notes; each wrapped to the width.
  var header: [(text: String, attributes: String, advance: Double)] = []
  for (text, attributes, characterWidth, advance) in [
    (family.title, "font-size=\"16\" font-weight=\"bold\"", 9.0, 20.0),
    (family.reading, "fill=\"#333\"", 6.4, 16),
    (notes.joined(separator: " · "), "fill=\"#777\" font-size=\"11\"", 5.9, 15),
  ] {
    for line in wrapped(text, columns: Int((width - left - right) / characterWidth)) {
      header.append((line, attributes, advance))
    }
  }
  let top = 10 + header.reduce(0) { $0 + $1.advance } + 16
  let legendColumns = max(2, Int((width - left) / 330))
  let legendSpacing = (width - left) / Double(legendColumns)
  let legendRows = (allSeries.count + legendColumns - 1) / legendColumns
  let height = top + panelHeight + bottom + Double(legendRows) * 20 + 16
  let margin = (left: left, right: right, top: top, bottom: bottom)

  var svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
    <rect width="100%" height="100%" fill="white"/>

    """
  var baseline = 10.0
  for line in header {
    baseline += line.advance
    svg += "<text x=\"\(number(left))\" y=\"\(number(baseline))\" \(line.attributes)>\(line.text.xmlEscaped)</text>\n"
  }
  let sizes = Set(results.map(\.size)).sorted().map(Double.init)
  for (column, measure) in measures.enumerated() {
    let left = margin.left + Double(column) * (panelWidth + margin.left)
    let top = margin.top
    let x =
      family.logX
      ? Axis(minimum: sizes.first ?? 1, maximum: sizes.last ?? 10, log: true, low: left, high: left + panelWidth)
      : Axis(minimum: sizes.first ?? 1, maximum: sizes.last ?? 2, log: false, low: left, high: left + panelWidth)
    let series = family.series(results, measure: measure)
    let y = Axis.logarithmic(series.flatMap { $0.points.map(\.value) }, low: top + panelHeight, high: top)
    // Grid, ticks and labels.
    for tick in family.logX ? sizes : x.ticks {
      let px = number(x.position(tick))
      svg +=
        "<line x1=\"\(px)\" y1=\"\(number(top))\" x2=\"\(px)\" y2=\"\(number(top + panelHeight))\" stroke=\"#e5e5e5\"/>\n"
      svg +=
        "<text x=\"\(px)\" y=\"\(number(top + panelHeight + 16))\" text-anchor=\"middle\">\(compactNumber(tick))</text>\n"
    }
    for tick in y.ticks {
      let py = number(y.position(tick))
      svg +=
        "<line x1=\"\(number(left))\" y1=\"\(py)\" x2=\"\(number(left + panelWidth))\" y2=\"\(py)\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(number(left - 6))\" y=\"\(py)\" dy=\"4\" text-anchor=\"end\">\(compactNumber(tick))</text>\n"
    }
    svg +=
      "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(panelWidth))\" height=\"\(number(panelHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
    let xTitle = family.xLabel + (family.logX ? " (log scale)" : "")
    svg +=
      "<text x=\"\(number(left + panelWidth / 2))\" y=\"\(number(top + panelHeight + 40))\" text-anchor=\"middle\">\(xTitle.xmlEscaped)</text>\n"
    let yTitle = family.yLabels[measure] + " (log scale)"
    let yMiddle = number(top + panelHeight / 2)
    svg +=
      "<text x=\"\(number(left - 60))\" y=\"\(yMiddle)\" text-anchor=\"middle\" transform=\"rotate(-90 \(number(left - 60)) \(yMiddle))\">\(yTitle.xmlEscaped)</text>\n"
    // One line per series, with a dot at each point.
    for line in series {
      let stroke = color(line.kind, line.subject)
      let widthAttribute = line.subject == .token ? "2.5" : "1.5"
      let dash = family.isDashed(line.kind) ? " stroke-dasharray=\"6 4\"" : ""
      let coordinates = line.points.map { "\(number(x.position(Double($0.size)))),\(number(y.position($0.value)))" }
      svg +=
        "<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(widthAttribute)\"\(dash) points=\"\(coordinates.joined(separator: " "))\"/>\n"
      for coordinate in coordinates {
        let parts = coordinate.split(separator: ",")
        svg += "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"3\" fill=\"\(stroke)\"/>\n"
      }
    }
  }
  // The legend, in columns under the panels.
  let legendTop = margin.top + panelHeight + margin.bottom + 8
  for (index, line) in allSeries.enumerated() {
    let left = margin.left + Double(index % legendColumns) * legendSpacing
    let top = legendTop + Double(index / legendColumns) * 20
    let dash = family.isDashed(line.kind) ? " stroke-dasharray=\"6 4\"" : ""
    let stroke = color(line.kind, line.subject)
    svg +=
      "<line x1=\"\(number(left))\" y1=\"\(number(top))\" x2=\"\(number(left + 30))\" y2=\"\(number(top))\" stroke=\"\(stroke)\" stroke-width=\"\(line.subject == .token ? "2.5" : "1.5")\"\(dash)/>\n"
    svg +=
      "<text x=\"\(number(left + 38))\" y=\"\(number(top))\" dy=\"4\">\(family.label(line.kind, line.subject).xmlEscaped)</text>\n"
  }
  svg += "</svg>\n"
  return svg
}

/// The family's results as a Markdown table: a row per line of the chart (and measure),
/// a column per size; "—" where a size was not run.
func scalingTable(_ family: ScalingFamily, _ results: [ScalingResult]) -> String {
  let sizes = Set(results.map(\.size)).sorted()
  var table = "| \(family.cases.count > 1 || family.yLabels.count > 1 ? "line" : "subject") | "
  table += sizes.map { compactNumber(Double($0)) }.joined(separator: " | ") + " |\n"
  table += "|---|" + String(repeating: "---:|", count: sizes.count) + "\n"
  for measure in family.yLabels.indices {
    for line in family.series(results, measure: measure) {
      var label = family.label(line.kind, line.subject)
      if family.yLabels.count > 1 { label += ", " + family.tableMeasureLabels[measure] }
      let cells = sizes.map { size in line.points.first { $0.size == size }.map { readableNumber($0.value) } ?? "—" }
      table += "| \(label) | " + cells.joined(separator: " | ") + " |\n"
    }
  }
  return table
}
