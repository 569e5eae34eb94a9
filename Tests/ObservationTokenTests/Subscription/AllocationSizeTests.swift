@testable import ObservationToken
import Testing

#if canImport(Glibc)
/// The bytes glibc's allocator gave the block at `pointer`: its size class, not the bytes
/// asked for (56 for 49…56, 72 for 57…72).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// The allocation size of `object`.
private func allocatedBytes(_ object: AnyObject) -> Int {
  mallocUsableSize(Unmanaged.passUnretained(object).toOpaque())
}

/// Bytes per live token are the benchmark's figure; these pin the part the list index
/// once pushed into the next size class.
@Suite("Allocation sizes")
struct AllocationSizeTests {
  @Test("A token's registration, list index included, fits a 56-byte allocation")
  func registrationSize() {
    let document = Document()
    let token = document.observe(\.title) { _, _ in }
    #expect(token.subscription is DirectRegistration)
    #expect(allocatedBytes(token.subscription) == 56)
  }

  /// The closure in the subscription, not in a box of its own: 72 bytes instead of 56 + 40.
  @Test("An event subscription holds its closure itself, in a 72-byte allocation")
  func eventSubscriptionSize() {
    let sender = EventSender<Int>()
    let token = sender.event.subscribe { _ in }
    #expect(token.subscription is EventSubscription)
    #expect(allocatedBytes(token.subscription) == 72)
  }
}
#endif
