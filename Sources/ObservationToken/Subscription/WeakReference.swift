/// A weak reference that can be shared across threads.
///
/// `@unchecked Sendable`: the runtime makes loading, storing and clearing a weak reference
/// atomic, and the box exposes nothing else.
@usableFromInline
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  /// No exclusivity checks: the runtime makes each load and store of a weak reference
  /// atomic, and the one store after `init` (a token handing itself to its handler) comes
  /// before the box is shared.
  @usableFromInline @exclusivity(unchecked) weak var object: Object?

  @usableFromInline
  init(_ object: Object? = nil) {
    self.object = object
  }

  /// Whether the object is still alive.
  var isAlive: Bool { object != nil }
}
