/// How descriptions name a routed type: as written in source, with its enclosing types and
/// generic arguments (`Setting<Int>.Changed`, not `Changed`, which settings of two value
/// types would share), without the module names the runtime adds to the type itself and
/// to the standard library's types (`App.Setting<Swift.Int>.Changed`).
func routedTypeName(_ type: Any.Type) -> String {
  var name = Substring(String(reflecting: type))
  if let dot = name.firstIndex(of: "."), !name[..<dot].contains(where: { "<([:, ".contains($0) }) {
    name = name[name.index(after: dot)...]
  }
  var result = ""
  while let range = name.firstRange(of: "Swift.") {
    let atStart = range.lowerBound == name.startIndex || "<([:, ".contains(name[name.index(before: range.lowerBound)])
    result += name[..<range.lowerBound]
    if !atStart { result += "Swift." }
    name = name[range.upperBound...]
  }
  return result + name
}
