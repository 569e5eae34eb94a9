#if !canImport(ObjectiveC)
// Files that import KVOShim see Foundation as well, and the model's declarations shadow
// Foundation's (`NSObject`) and the standard library's (`_kvcKeyPathString`).
@_exported import Foundation

/// What the model adds for tests: the callout hook, the leak check, and the stop.
public enum KVOShim {
  /// One notification about to be delivered: what a test parks on.
  public struct Callout: Sendable {
    /// The key path observed, as registered.
    public let keyPath: String
    /// Whether it is the will-change notification of `.prior`.
    public let isPrior: Bool
  }

  /// Runs before each change notification is delivered, after the model's lock is released,
  /// the observer retained and its registration found still there — where Apple's KVO can
  /// be preempted, so that a removal on
  /// another thread finishes before a notification already under way reaches its observer
  /// (rdar 15985376). A test parks one callout here and races removal against it. Not
  /// called for `.initial`, which runs inside `addObserver`.
  public static var beforeCallout: (@Sendable (Callout) -> Void)? {
    get { registry.withLock { $0.beforeCallout } }
    set { registry.withLock { $0.beforeCallout = newValue } }
  }

  /// Observations that were never removed: each one still registered, and each one whose
  /// subject was deallocated with it still registered (Apple's pre-10.13 "was deallocated
  /// while key value observers were still registered with it", kept strict). Reading
  /// forgets the deallocated ones. Empty after a test means it removed all it added.
  public static func leftovers() -> [String] {
    registry.withLock { $0.takeLeftovers() }
  }

  static let registry = Protected(Registry())

  /// Releases `values` before returning: objects whose deinit calls back into the model
  /// (dealloc spies) must not be released under its lock, and the optimizer may sink a
  /// release in the caller past the next `withLock` (a release build deadlocked so).
  @inline(never)
  static func release(_ values: consuming [Any]) {
    _ = consume values
  }

  /// Stops as an uncaught Objective-C exception stops an app.
  static func stop(_ reason: String) -> Never {
    fatalError("KVOShim: *** Terminating app due to uncaught exception: \(reason)")
  }

  /// `NSObject`'s `description`, `<Player: 0x6000…>`: what Apple prints where a message
  /// formats the object itself (`%@`), as the "received but not handled" exception does.
  static func describe(_ object: AnyObject) -> String {
    "<\(type(of: object)): \(address(of: object))>"
  }

  /// The class and address, `<Player 0x6000…>`, without a colon: what Apple's KVO prints
  /// where it formats `<%@ %p>` — "Cannot remove an observer <Observer 0x600…>" in public
  /// crash logs, and the format strings of renjinkui2719/DIS_KVC_KVO (Foundation's KVO
  /// rewritten from its disassembly).
  static func identify(_ object: AnyObject) -> String {
    "<\(type(of: object)) \(address(of: object))>"
  }

  /// How Apple names an object deallocated with observers registered:
  /// "An instance 0x6000… of class Player".
  static func instance(_ object: AnyObject) -> String {
    "An instance \(address(of: object)) of class \(type(of: object))"
  }

  private static func address(of object: AnyObject) -> String {
    "0x\(String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16))"
  }
}
#endif
