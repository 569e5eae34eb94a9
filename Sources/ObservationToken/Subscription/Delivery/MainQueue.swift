import Dispatch

/// Whether the calling code runs on the main queue — and so on the main actor, whose jobs
/// the main queue runs: a queue-specific value set on the main queue once, read back.
@usableFromInline
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller is inside a call the main queue is running.
  @usableFromInline
  static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
