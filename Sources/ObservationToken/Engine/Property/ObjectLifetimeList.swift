/// A list of observers that dies with its object: the list of the object's first
/// `@Observed` property, made if it has none yet, found from the object's class alone.
///
/// What watches an object it does not observe — a binding's target — puts an entry here:
/// when the object is released its storage releases the list, which ends every entry in
/// it (``SubscriberSource/detach()``). A Swift object tells nobody else of its death.
enum ObjectLifetimeList {
  /// The source of `object`'s lifetime list; `nil` when its class has no `@Observed`
  /// property, or when it opts in to Swift Observation and none of its properties' lists
  /// exists yet (that list is made with what Observation keeps for the property, which is
  /// named by a key path only its accessors have: any read of the property makes it).
  static func source<Subject: KeyValueObservable>(of object: Subject) -> SubscriberSource? {
    guard let field = firstObservedField(of: type(of: object)) else { return nil }
    return field.storage.observers(
      in: object, storedAt: field.offset, makesList: Subject._observationHook == nil)?.source
  }

  /// Where a class's first `@Observed` field lies and the type of its storage.
  private struct Field {
    let offset: Int
    let storage: any ObservedStorageInPlace.Type
  }

  /// Each class's first `@Observed` field, or `nil` when it has none, by the class's
  /// identity: a class's metadata is never freed, so no other class takes its identifier.
  private static let fields = Locked<[ObjectIdentifier: Field?]>([:])

  private static func firstObservedField(of type: AnyClass) -> Field? {
    let id = ObjectIdentifier(type)
    if let known = fields.withLock({ $0[id] }) { return known }
    var found: Field?
    StoredFields.forEach(of: type) { _, offset, fieldType in
      guard let storage = fieldType as? any ObservedStorageInPlace.Type else { return true }
      found = Field(offset: offset, storage: storage)
      return false
    }
    fields.withLock { $0[id] = found }
    return found
  }
}

/// `@Observed` storage reached at its place in an object rather than through a key path.
protocol ObservedStorageInPlace {
  /// The list of the property whose storage lies `offset` bytes into `object` — made now
  /// if there is none and `makesList` — or `nil`.
  static func observers(in object: AnyObject, storedAt offset: Int, makesList: Bool) -> PropertyObservers?
}

extension Observed: ObservedStorageInPlace {
  static func observers(in object: AnyObject, storedAt offset: Int, makesList: Bool) -> PropertyObservers? {
    // Under the object's lock, as `observers(of:_:_:)`, which makes lists through the
    // storage key path: threads agree on one list whichever way they reach the storage.
    ObservedStorageLocks.withLock(for: object) {
      let storage = (UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset)
        .assumingMemoryBound(to: Observed<Value>.self)
      if let observers = storage.pointee.observers { return observers }
      guard makesList else { return nil }
      let observers = PropertyObservers(
        changesOf: Value.self,
        storageOffset: offset,
        companion: nil,
        unseenObservableClass: UnseenObservable.classOf(object)
      )
      storage.pointee.observers = observers
      return observers
    }
  }
}
