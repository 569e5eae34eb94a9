#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the walkthrough with a message when something it shows is not so.
func check(_ condition: Bool, _ claim: String, file: StaticString = #fileID, line: UInt = #line) {
  guard !condition else { return }
  print("✗ \(file):\(line): expected \(claim)")
  exit(1)
}

/// Prints a page heading.
func page(_ title: String) {
  print("\n=== \(title) ===")
}
