import ObservationToken

/// The engine on its own: an `@Observed` model, a raw KVO-shaped observer, a
/// collection change with indexes, and a misuse caught as a thrown error.
enum EngineWalkthrough {
  final class Note: KeyValueObservable {
    @Observed var text = "Untitled"
    @Observed var tags: [String] = []
  }

  /// Code ported from KVO keeps its observeValue(forKeyPath:…) method.
  final class Logger: KeyValueObserving {
    var lines: [String] = []

    func observeValue(
      forKeyPath keyPath: AnyKeyPath,
      of object: AnyObject,
      change: KeyValueChange,
      context: UnsafeMutableRawPointer?
    ) {
      let indexes = change.indexes.map { " at \(Array($0.ranges))" } ?? ""
      let line = "\(change.kind)\(indexes): \(change.oldValue ?? "–") → \(change.newValue ?? "–")"
      lines.append(line)
      print("  observer:", line)
    }
  }

  static func run() {
    page("The engine: @Observed, a raw observer, collection changes, misuse")
    let note = Note()
    let logger = Logger()

    print("addObserver(\\Note.text, [.old, .new]); note.text = \"Draft\"")
    note.addObserver(logger, forKeyPath: \Note.text, options: [.old, .new])
    note.text = "Draft"
    check(logger.lines == ["setting: Untitled → Draft"], "old and new values")

    print("addObserver(\\Note.tags); $tags.append, $tags[0] = …, $tags.remove(at:)")
    note.addObserver(logger, forKeyPath: \Note.tags, options: [.old, .new])
    note.$tags.append("swift")
    note.$tags[0] = "kvo"
    note.$tags.remove(at: 0)
    check(logger.lines.count == 4, "three collection changes")
    check(logger.lines[1].hasPrefix("insertion at [Range(0..<1)]"), "an insertion at 0")
    check(logger.lines[2].hasPrefix("replacement at [Range(0..<1)]"), "a replacement at 0")
    check(logger.lines[3].hasPrefix("removal at [Range(0..<1)]"), "a removal at 0")

    print("\nWhat is registered now:")
    print(note.observationDescription)

    print("\nremoveObserver twice: the second is a catchable error, not a crash")
    do {
      try note.removeObserver(logger, forKeyPath: \Note.text)
      try note.removeObserver(logger, forKeyPath: \Note.text)
      check(false, "the second removal to throw")
    } catch {
      print("  caught:", error)
      check(
        error == .notRegistered(observerType: "Logger", keyPath: #"\Note.text"#, context: nil),
        "notRegistered"
      )
    }
    note.text = "After removal"
    check(logger.lines.count == 4, "no call after removal")
    note.$tags.append("still observed")
    check(logger.lines.count == 5, "the other registration undisturbed")
  }
}
