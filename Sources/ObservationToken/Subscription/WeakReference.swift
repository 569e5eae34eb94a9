/// A weak reference that can be shared across threads.
///
/// `@unchecked Sendable`: the runtime makes loading, storing and clearing a weak reference
/// atomic, and the box exposes nothing else.
@usableFromInline
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  @usableFromInline weak var object: Object?

  @usableFromInline
  init(_ object: Object? = nil) {
    self.object = object
  }

  /// Whether the object is still alive.
  var isAlive: Bool { object != nil }
}
