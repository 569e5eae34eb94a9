import Synchronization

/// Admits calls to one handler until it is closed, and says who releases the handler.
///
/// This is what makes "after `invalidate()` returns, the handler never starts again" hold
/// without a lock on the delivery path. A delivery first counts itself in, then checks
/// that the gate is open; closing first marks the gate closed, then reads the count.
/// Both sides use sequentially consistent operations, so at least one of them sees the
/// other: either the delivery sees the gate closed and skips the handler, or the closer
/// sees the delivery and waits for it.
///
/// The handler is released exactly once, by whoever last leaves a closed gate: the
/// closer when nothing is under way, otherwise the last delivery to finish. A closer that
/// must wait for a delivery on another thread sleeps in ``ThreadParking``; the last
/// delivery to leave wakes it.
struct DeliveryGate: ~Copyable {
  /// The closed, released and waiting bits, and the deliveries under way counted in eights.
  /// Changed with wrapping arithmetic, which is one instruction (the checked kind is a
  /// compare-and-swap loop); the count cannot come near overflowing. 32 bits, not 64: a
  /// listed subscription keeps its 32-bit list index in the other half of the word, which
  /// keeps a token's registration and an event subscription in a smaller allocation.
  private let state = Atomic<UInt32>(0)

  private static let closedBit: UInt32 = 1
  private static let releasedBit: UInt32 = 2
  /// A closer is (or is about to be) asleep until no delivery is under way.
  private static let waitingBit: UInt32 = 4
  private static let oneDelivery: UInt32 = 8

  /// Whether the gate still admits deliveries.
  var isOpen: Bool { state.load(ordering: .sequentiallyConsistent) & Self.closedBit == 0 }

  /// Counts a delivery in. Returns `false` when the gate is closed; the caller then skips
  /// the handler. `release` runs if this call turns out to be the one that must release it.
  func enter(orRelease release: () -> Void) -> Bool {
    let state = state.wrappingAdd(Self.oneDelivery, ordering: .sequentiallyConsistent).newValue
    if state & Self.closedBit == 0 { return true }
    leave(orRelease: release)
    return false
  }

  /// Counts a delivery out; `release` runs if the gate is closed and this was the last one.
  func leave(orRelease release: () -> Void) {
    let state = state.wrappingSubtract(Self.oneDelivery, ordering: .sequentiallyConsistent).newValue
    if state & Self.closedBit != 0, state < Self.oneDelivery {
      claimRelease(release)
      if state & Self.waitingBit != 0 { ThreadParking.wakeAll() }
    }
  }

  /// Closes the gate; closing again does nothing and returns `false`. `release` runs now
  /// when no delivery is under way, otherwise later in the last delivery's `leave`.
  @discardableResult
  func close(orRelease release: () -> Void) -> Bool {
    let previous = state.bitwiseOr(Self.closedBit, ordering: .sequentiallyConsistent).oldValue
    guard previous & Self.closedBit == 0 else { return false }
    if previous < Self.oneDelivery { claimRelease(release) }
    return true
  }

  /// After `close`: waits until no delivery is under way, unless the calling thread is
  /// itself inside a handler, where waiting could deadlock (it may be the very delivery
  /// waited for). Looks at the thread only when a delivery is under way.
  func waitUntilIdleUnlessDelivering() {
    guard state.load(ordering: .sequentiallyConsistent) >= Self.oneDelivery, !DeliveryDepth.isDelivering else {
      return
    }
    // Asleep only with the waiting bit set and a delivery still under way: the last one
    // to leave sees the bit after its own decrement, and wakes this thread.
    ThreadParking.sleep {
      state.bitwiseOr(Self.waitingBit, ordering: .sequentiallyConsistent).newValue >= Self.oneDelivery
    }
  }

  private func claimRelease(_ release: () -> Void) {
    let previous = state.bitwiseOr(Self.releasedBit, ordering: .sequentiallyConsistent).oldValue
    if previous & Self.releasedBit == 0 { release() }
  }
}
