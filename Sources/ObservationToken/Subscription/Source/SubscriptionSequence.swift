import Synchronization

/// Hands out the sequence numbers that order subscriptions; an atomic counter, not a lock.
enum SubscriptionSequence {
  private static let counter = Atomic<UInt64>(0)

  static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
