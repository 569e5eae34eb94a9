/// The projected value of an `@Observed` property (`document.$tags`): in-place changes
/// of a collection that report what changed where.
///
/// Each mutation stores the result, then notifies the property's observers with
/// ``KeyValueChange/Kind/insertion``, ``KeyValueChange/Kind/removal`` or
/// ``KeyValueChange/Kind/replacement``, the affected indexes, and the removed and
/// inserted elements, as KVO's to-many changes do. Assigning a whole new collection
/// to the property is a ``KeyValueChange/Kind/setting`` change.
///
/// ```swift
/// document.$tags.append("swift")     // .insertion at [0]
/// document.$tags[0] = "kvo"           // .replacement at [0]
/// document.$tags.remove(at: 0)        // .removal at [0]
/// ```
public struct ObservedProjection<Value> {
  /// Gives `body` exclusive access to the property's storage in `subject`.
  @usableFromInline
  typealias StorageAccess = (_ subject: AnyObject, _ body: (inout Observed<Value>) -> Void) -> Void

  @usableFromInline let subject: AnyObject
  /// Made by `@Observed` where the storage's key path is a literal, so that, capturing only
  /// that constant, it compiles to a plain field access and needs no context: the
  /// projection reaches the storage without the key-path runtime.
  @usableFromInline let access: StorageAccess
  /// The property as written in source, such as `\Document.tags`, for messages.
  @usableFromInline let name: () -> String
  /// Whether the class opts in to another observation system, which edits then report to:
  /// a constant where the projection is made, so that elsewhere the check folds away.
  @usableFromInline let reportsElsewhere: Bool

  @inlinable
  init(subject: AnyObject, access: @escaping StorageAccess, name: @escaping () -> String, reportsElsewhere: Bool) {
    self.subject = subject
    self.access = access
    self.name = name
    self.reportsElsewhere = reportsElsewhere
  }

  /// Runs `body` with the storage; never call user code from `body`, which could read or
  /// write the property while it is accessed.
  @inlinable @inline(__always)
  func withStorage<Result>(_ body: (inout Observed<Value>) -> Result) -> Result {
    var result: Result?
    access(subject) { result = body(&$0) }
    return result.unsafelyUnwrapped
  }
}
