/// A weak reference that can be shared across threads.
///
/// `@unchecked Sendable`: the runtime makes loading and clearing a weak reference atomic,
/// and the box exposes nothing but that load.
final class WeakReference: @unchecked Sendable {
  private weak var reference: AnyObject?

  init(_ object: AnyObject) {
    reference = object
  }

  /// Whether the object is still alive.
  var isAlive: Bool { reference != nil }
}
