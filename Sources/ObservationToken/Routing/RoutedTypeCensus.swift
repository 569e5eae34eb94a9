import Synchronization

/// The routed types some node has had a subscription for, ever: a post or request of any
/// other type reaches no one, and returns at once instead of walking the chain.
///
/// It only grows (a type's subscriptions may come and go; its entry stays), and a program
/// routes few types. So readers take no lock: entries are written once, under the writers'
/// lock, before the count that covers them is published (a releasing store, read with an
/// acquiring load). Past ``capacity`` types every type may be heard.
enum RoutedTypeCensus {
  private static let capacity = 256
  /// The types' identities; slots below `count` are written and never change. Never freed.
  private nonisolated(unsafe) static let types = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
  private static let count = Atomic<Int>(0)
  private static let writers = Lock()

  /// Notes that a node has made a channel for `type`; call before the subscription can
  /// receive anything.
  static func record(_ type: ObjectIdentifier) {
    let id = UInt(bitPattern: type)
    writers.withLock {
      let known = count.load(ordering: .relaxed)
      guard !contains(id, among: known) else { return }
      if known < capacity { types[known] = id }
      count.store(known + 1, ordering: .releasing)
    }
  }

  /// Whether any node may have a subscription for `type`.
  static func mayBeHeard(_ type: ObjectIdentifier) -> Bool {
    contains(UInt(bitPattern: type), among: count.load(ordering: .acquiring))
  }

  private static func contains(_ id: UInt, among known: Int) -> Bool {
    guard known <= capacity else { return true }
    // Read once: every read of a lazy global asks whether it was made yet (a call).
    let types = types
    for index in 0..<known where types[index] == id { return true }
    return false
  }
}
