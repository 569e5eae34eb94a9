/// Distinct context pointers for registrations, like KVO's `private var context = 0`.
/// They tell registrations apart and are never dereferenced, so they are never freed.
enum Contexts {
  nonisolated(unsafe) static let first = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
  nonisolated(unsafe) static let second = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
}
