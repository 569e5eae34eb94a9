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
  @usableFromInline let storage: any ObservedStorageAccessing<Value>

  @inlinable
  init(_ storage: some ObservedStorageAccessing<Value>) {
    self.storage = storage
  }
}

/// Reads, writes and notifies one `@Observed` property of one object, whatever its class.
@usableFromInline
protocol ObservedStorageAccessing<Value> {
  associatedtype Value
  var subject: AnyObject { get }
  var value: Value { get }
  var observers: PropertyObservers? { get }
  /// The property as written in source, such as `\Document.tags`, for messages.
  var propertyName: String { get }
  func modify(_ body: (inout Value) -> Void)
}

/// ``ObservedStorageAccessing`` for a property of `Subject`.
///
/// Inlinable, so that the projection is built where `document.$tags` is written, without
/// looking up this type's metadata on every mutation. The mutations still reach it as an
/// existential, and so reach the storage through the key-path runtime.
@usableFromInline
struct ObservedStorageAccess<Subject: KeyValueObservable, Value>: ObservedStorageAccessing {
  @usableFromInline let typedSubject: Subject
  @usableFromInline let storage: ReferenceWritableKeyPath<Subject, Observed<Value>>

  @inlinable
  init(subject: Subject, storage: ReferenceWritableKeyPath<Subject, Observed<Value>>) {
    typedSubject = subject
    self.storage = storage
  }

  @inlinable var subject: AnyObject { typedSubject }
  @inlinable var value: Value { typedSubject[keyPath: storage].value }
  @inlinable var observers: PropertyObservers? { typedSubject[keyPath: storage].observers }
  @usableFromInline var propertyName: String { PropertyName.ofStorage(storage) }

  @inlinable
  func modify(_ body: (inout Value) -> Void) {
    body(&typedSubject[keyPath: storage].value)
  }
}
