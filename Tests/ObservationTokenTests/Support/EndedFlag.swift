import Synchronization

/// A flag one thread sets once its ending has returned, and handlers on other threads read.
final class EndedFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}
