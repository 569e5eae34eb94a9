/// Stops the program on a misuse it cannot recover from, with a message that prints in
/// every build.
///
/// `precondition` drops its message in optimized builds, where a stop would leave nothing
/// on the console but a signal; `fatalError` prints it in debug and release alike. Every
/// stop the package makes on its caller's input goes through here. A check stays where
/// it is made, inline and cheap; only what builds the message and stops is called, never
/// inlined, so the check's caller stays small.
///
/// A message names the type and property as written in source (`\Document.title`), says
/// what was wrong and what to do, and is made before anything is changed: a stop leaves
/// every registration as it was.
@usableFromInline
enum Misuse {
  /// Prints `message`, prefixed with the package's name, and stops the program.
  @usableFromInline @inline(never)
  static func stop(_ message: String) -> Never {
    fatalError("ObservationToken: \(message)")
  }
}
