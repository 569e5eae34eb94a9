import Foundation

/// This folder, found from this file's path: the documents are read from the source tree.
let playgroundsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// Checks that every `swift` code block of `documents` is in the `twins` (files of this
/// folder), so that each is compiled and run: its lines, trimmed, in order, with other lines
/// allowed between them (declarations a snippet leaves to the reader, checks). A package
/// manifest's snippet, which this target cannot compile, is left out.
func checkSnippetsHaveTwins(in documents: [URL], twins: [String], naming documentsName: String) {
  func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
  func contents(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
  let twinLines = lines(twins.map { contents(playgroundsFolder.appendingPathComponent($0)) }.joined(separator: "\n"))
  var snippets = 0
  for document in documents {
    let text = contents(document)
    check(!text.isEmpty, "\(document.lastPathComponent) to be found at \(document.path)")
    for block in text.components(separatedBy: "```swift\n").dropFirst() {
      let code = block.components(separatedBy: "\n```").first ?? ""
      let snippet = lines(code).filter { !$0.hasPrefix("import ") }
      guard let first = snippet.first, first != "// Package.swift" else { continue }
      let found = twinLines.indices.contains { start in
        var next = snippet.startIndex
        for line in twinLines[start...] where next < snippet.endIndex && line == snippet[next] { next += 1 }
        return twinLines[start] == first && next == snippet.endIndex
      }
      check(found, "a twin in Playgrounds/ of the snippet in \(document.lastPathComponent) starting \(first)")
      snippets += 1
    }
  }
  print("every snippet of \(documentsName) (\(snippets)) has its twin in Playgrounds/")
}
