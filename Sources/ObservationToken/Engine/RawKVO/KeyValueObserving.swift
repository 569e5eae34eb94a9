/// An observer in the raw, KVO-shaped layer.
///
/// Code ported from KVO keeps its `observeValue(forKeyPath:of:change:context:)` method
/// and registers with
/// ``KeyValueObservable/addObserver(_:forKeyPath:options:context:file:line:)-(_,_,_,UnsafeMutableRawPointer?,_,_)``.
/// Unlike KVO, the observer is held weakly: releasing it while registered is safe, and
/// its registrations are pruned.
///
/// ```swift
/// final class LegacyObserver: KeyValueObserving {
///   func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
///                     change: KeyValueChange, context: UnsafeMutableRawPointer?) {
///     print(change.oldValue ?? "-", change.newValue ?? "-")
///   }
/// }
/// ```
public protocol KeyValueObserving: AnyObject {
  /// Called for each change of a key path this observer registered for, on the thread
  /// that made the change.
  ///
  /// - Parameters:
  ///   - keyPath: The key path given when registering.
  ///   - object: The observed object.
  ///   - change: What changed, holding the values the options asked for.
  ///   - context: The context given when registering; tells registrations apart.
  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  )
}
