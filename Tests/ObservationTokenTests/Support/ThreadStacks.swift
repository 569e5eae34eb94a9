import Foundation

/// Every thread's stack in this process, as gdb prints it, or `nil` where gdb is not
/// installed or cannot attach. A deadlock found on a CI machine is then diagnosed from
/// its log: which thread waits in which lock, behind which call.
func allThreadStacks() -> String? {
  let gdb = "/usr/bin/gdb"
  guard FileManager.default.isExecutableFile(atPath: gdb) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: gdb)
  process.arguments = [
    "-p", "\(ProcessInfo.processInfo.processIdentifier)", "-batch", "-nx",
    "-ex", "set pagination off", "-ex", "thread apply all bt 40",
  ]
  // A file, not a pipe: while gdb holds this process stopped, nothing here could drain
  // a pipe, and gdb would block on a full one.
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "stacks-\(UInt32.random(in: 0...UInt32.max)).txt")
  guard FileManager.default.createFile(atPath: path.path, contents: nil),
    let output = try? FileHandle(forWritingTo: path)
  else { return nil }
  defer { try? FileManager.default.removeItem(at: path) }
  process.standardOutput = output
  process.standardError = output
  do { try process.run() } catch { return nil }
  process.waitUntilExit()
  try? output.close()
  // Only the stacks: gdb also reports each thread it meets and what its symbols lack.
  return (try? Data(contentsOf: path)).map { data in
    String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { $0.hasPrefix("Thread ") || $0.hasPrefix("#") }
      .joined(separator: "\n")
  }
}
