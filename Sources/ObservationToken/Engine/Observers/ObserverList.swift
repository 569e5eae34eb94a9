import Synchronization

/// The observers of one `@Observed` property: its ``SubscriberList``, shared with the
/// entries so they can take themselves out, plus what the engine counts beside it.
/// Detached when the property's object is released.
///
/// `@unchecked Sendable`: the list is safe from any thread; the counter is atomic;
/// `untype` and `storageOffset` never change.
@usableFromInline
final class ObserverList: @unchecked Sendable {
  @usableFromInline let subscribers = SubscriberList<ObserverEntry>()
  /// How many entries take the `.prior` call; changed after the list, read as a hint.
  @usableFromInline let priorObserverCount = Atomic<Int>(0)
  /// Reads a change of this property with its values as `Any`, for registrations that
  /// depend on it.
  let untype: (ErasedValue) -> KeyValueChange
  /// Where the property's storage lies in its object, in bytes from the object's start:
  /// what tells the property apart from others of its type, to name it in descriptions
  /// (see ``PropertyName/of(_:storedAt:)``).
  @usableFromInline let storageOffset: Int

  init(untype: @escaping (ErasedValue) -> KeyValueChange, storageOffset: Int) {
    self.untype = untype
    self.storageOffset = storageOffset
  }

  /// Whether the property's object is still alive.
  var isAttached: Bool { subscribers.isAttached }

  /// Whether anything observes the property.
  @inlinable var isObserved: Bool { subscribers.count.load(ordering: .relaxed) != 0 }

  /// Adds an entry. A detached list's object is gone: the entry is ended at once, without
  /// telling its owner (which may be the caller, holding its own lock).
  func insert(_ entry: ObserverEntry) {
    guard subscribers.insert(entry) != .refused else {
      entry.end()
      return
    }
    if entry.wantsPrior { priorObserverCount.wrappingAdd(1, ordering: .relaxed) }
  }

  /// Removes an entry if it is still here.
  func remove(_ entry: ObserverEntry) {
    guard subscribers.remove(entry) != .refused else { return }
    if entry.wantsPrior { priorObserverCount.wrappingSubtract(1, ordering: .relaxed) }
  }
}
