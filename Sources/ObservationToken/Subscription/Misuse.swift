/// Stops the program on a misuse it cannot recover from, with a message that prints in
/// every build and points at the caller's file and line.
///
/// `precondition` drops its message in optimized builds, where a stop would leave nothing
/// on the console but a signal; `fatalError` prints it in debug and release alike. Every
/// stop the package makes on its caller's input goes through here. A check stays where
/// it is made, inline and cheap; only what builds the message and stops is called, never
/// inlined, so the check's caller stays small.
///
/// A message names the type and property as written in source (`\Document.title`), says
/// what was wrong and what to do, and is made before anything is changed: a stop leaves
/// every registration as it was. The public calls that can stop take `#fileID` and
/// `#line` and pass them down, so the stop names the caller's line, as `precondition`
/// does, rather than a line of the package.
@usableFromInline
enum Misuse {
  /// Where a stop points: the call that made the mistake.
  @usableFromInline
  enum Site {
    /// The public call under way, whose file and line the stop is reported at.
    case call(file: StaticString, line: UInt)
    /// An observation made earlier, whose stop a later change decides: the message names
    /// where it was made (see ``ChainLastStep``).
    case observation(SourceLocation)
    /// A change under way that finds an observation misused whose registration keeps no
    /// record of where it was made (a token's on one property, kept small): the message
    /// names what is observed, and the backtrace shows the change.
    case change
  }

  /// Prints `message`, prefixed with the package's name, and stops the program at `site`.
  @usableFromInline @inline(never)
  static func stop(_ message: String, at site: Site) -> Never {
    switch site {
    case .call(let file, let line):
      fatalError("ObservationToken: \(message)", file: file, line: line)
    case .observation, .change:
      // No caller to point at: the change that decided it runs in the package's setter.
      fatalError("ObservationToken: \(message)")
    }
  }
}

extension Misuse.Site {
  /// `, observed at Module/File.swift:12,` for a stop decided after the observation was
  /// made, to follow the key path in a message; nothing for a stop at the call.
  var observedAt: String {
    guard case .observation(let location) = self, let place = location.description else { return "" }
    return ", observed at \(place),"
  }
}
