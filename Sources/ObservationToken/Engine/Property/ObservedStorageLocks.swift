/// The locks that serialize tracked reads of `@Observed` storage, one per stripe of
/// objects.
///
/// A tracked read looks for the property's observer list in the storage, and creates
/// and stores it on first use: observing a property only reads it, yet writes its
/// storage once. Several threads may read, and so observe, one object at once; holding
/// the object's lock around the look and the store makes them agree on the one list the
/// storage keeps. Striped by address, so threads tracking different objects rarely meet.
@usableFromInline
enum ObservedStorageLocks {
  private static let stripeCount = 16

  /// Allocated once and never freed, so a lock is reached without reference counting.
  private nonisolated(unsafe) static let stripes: UnsafeMutablePointer<Lock> = {
    let stripes = UnsafeMutablePointer<Lock>.allocate(capacity: stripeCount)
    for index in 0..<stripeCount { (stripes + index).initialize(to: Lock()) }
    return stripes
  }()

  /// The lock of `object`'s stripe. The caller takes it with `withLock`, in one function.
  @usableFromInline
  static func lock(for object: AnyObject) -> UnsafeMutablePointer<Lock> {
    // Objects are at least 16-byte aligned: the low bits carry nothing.
    stripes + Int((UInt(bitPattern: ObjectIdentifier(object)) >> 4) % UInt(stripeCount))
  }

  /// Runs `body` holding `object`'s lock: for code that reads `@Observed` storage without
  /// going through its accessors (reflection). Never call user code from `body`.
  static func withLock<Result>(for object: AnyObject, _ body: () -> Result) -> Result {
    lock(for: object).pointee.withLock(body)
  }
}
