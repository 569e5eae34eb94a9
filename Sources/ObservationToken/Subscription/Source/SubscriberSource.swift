import Synchronization

/// The list every kind of observation feeds: an event's subscriptions, a property's
/// observers, a routed type's interceptors, subscribers and answers — its
/// ``SubscriberList``, shared with the entries so that they can take themselves out, and
/// what travels with the list.
///
/// Its owner holds it (an ``EventSender``, a property's storage, a routing node) and
/// detaches it when released, which ends every entry. Entries hold it, never its owner, so
/// nothing leads back from an entry to the owner, and a sender can pass it along without
/// retaining it.
///
/// A value travels as an ``ErasedValue``: the source knows nothing of its type beyond
/// ``valueType``, so that insertion, removal and the delivery loop run through code that is
/// not generic.
///
/// `@unchecked Sendable`: the list is safe from any thread, the counter is atomic, the
/// actions run one at a time (``TransitionActions``), and nothing else changes.
@usableFromInline
final class SubscriberSource: @unchecked Sendable {
  @usableFromInline let subscribers = SubscriberList<ListedEntry>()
  /// How many entries take the call before each value as well (key-value observation's
  /// `.prior`); changed after the list, read as a hint. Always zero for events.
  @usableFromInline let priorCount = Atomic<Int>(0)
  /// Where a property's storage lies in its object, in bytes from the object's start:
  /// what tells the property apart from others of its type, to name it in descriptions;
  /// `0` for other sources (never a property's: the object's header lies there).
  @usableFromInline let storageOffset: Int
  /// What an event's or a node's source has and a property's does not: `nil` for a
  /// property, whose every object has a source per observed property, so that those carry
  /// one word for it.
  private let eventTraits: EventTraits?

  /// What only an event's or a routing node's source has.
  private final class EventTraits: Sendable {
    /// The name its owner gave it, for descriptions.
    let name: String?
    /// The type of the values sent, which every entry reads them back as.
    let valueType: Any.Type
    /// `nil` when the owner has neither action: no transition needs running.
    let transitions: TransitionActions?

    init(name: String?, valueType: Any.Type, transitions: TransitionActions?) {
      self.name = name
      self.valueType = valueType
      self.transitions = transitions
    }
  }

  /// An event's or a node's source of values of `valueType`, with the owner's first- and
  /// last-subscriber actions.
  init(
    name: String?,
    valueType: Any.Type,
    onFirstSubscribe: (() -> Void)? = nil,
    onLastUnsubscribe: (() -> Void)? = nil
  ) {
    storageOffset = 0
    let transitions =
      onFirstSubscribe == nil && onLastUnsubscribe == nil
      ? nil : TransitionActions(onFirst: onFirstSubscribe ?? {}, onLast: onLastUnsubscribe ?? {})
    eventTraits = EventTraits(name: name, valueType: valueType, transitions: transitions)
  }

  /// A property's source: its storage lies `storageOffset` bytes into its object.
  init(storageOffset: Int) {
    self.storageOffset = storageOffset
    eventTraits = nil
  }

  /// Whether entries are ordered by their sequences and may take the `.prior` call: a
  /// property's source. An event's entries all have the same sequence, and take no prior
  /// call, so adding and removing one asks it neither.
  private var isOrdered: Bool { eventTraits == nil }

  /// `nil` when the owner has neither action: no transition needs running.
  private var transitions: TransitionActions? { eventTraits?.transitions }

  /// The name its owner gave it, for descriptions; `nil` for a property's source.
  var name: String? { eventTraits?.name }

  /// The type of the values an event's or a node's source sends, which every entry reads
  /// them back as; `Never` for a property's, whose entries read the change their key path
  /// makes.
  var valueType: Any.Type { eventTraits?.valueType ?? Never.self }

  /// Whether any entry is in the list: an atomic load, no lock.
  @inlinable
  var hasSubscribers: Bool { subscribers.count.load(ordering: .relaxed) != 0 }

  /// Whether any entry takes the call before each value.
  @inlinable
  var hasPriorSubscribers: Bool { priorCount.load(ordering: .relaxed) != 0 }

  /// Whether the owner is still alive.
  var isAttached: Bool { subscribers.isAttached }

  /// Adds an entry, then runs the first-subscriber action if it was the first. A detached
  /// source's owner is gone: the entry is ended at once, without telling its own owner
  /// (which may be the caller, holding its own lock).
  func insert(_ entry: ListedEntry) {
    let change = subscribers.insert(entry, ordered: isOrdered)
    guard change != .refused else {
      entry.end()
      return
    }
    if isOrdered && entry.wantsPrior { priorCount.wrappingAdd(1, ordering: .relaxed) }
    transitions?.perform(change)
  }

  /// Takes an entry out if it is still here, then runs the last-subscriber action if it
  /// was the last.
  func remove(_ entry: ListedEntry) {
    let change = subscribers.remove(entry)
    guard change != .refused else { return }
    if isOrdered && entry.wantsPrior { priorCount.wrappingSubtract(1, ordering: .relaxed) }
    transitions?.perform(change)
  }

  /// Calls every entry registered now with `value` — the address of a value of
  /// ``valueType``, valid for the call — in order, on this thread, with no lock held; see
  /// ``deliver(to:_:)``. Returns whether any handler was called.
  @usableFromInline
  func send(_ value: ErasedValue) -> Bool {
    guard let reading = subscribers.beginReading() else { return false }
    let called = DeliveryLoop.deliver(reading, value, from: nil)
    subscribers.endReading(reading)
    return called
  }

  /// Calls every entry of `snapshot` — or, without one, every entry registered now — with
  /// `value`, sent by `subject`, in order, on this thread, with no lock held: a property's
  /// change, after the `.prior` call took the snapshot. (Apart from ``send(_:)``, which
  /// counts the handlers called: a property's change needs no count.)
  @usableFromInline
  func send(_ value: ErasedValue, from subject: AnyObject, to snapshot: Snapshot?) {
    guard let reading = snapshot.map(\.reading) ?? subscribers.beginReading() else { return }
    _ = DeliveryLoop.deliver(reading, value, from: .passUnretained(subject))
    subscribers.endReading(reading)
  }

  /// Takes the entries registered now: for a value announced before it is made (a
  /// property's `.prior` call), whose value then goes to the same entries.
  func snapshot() -> Snapshot {
    Snapshot(reading: subscribers.beginReading())
  }

  /// Calls `value`'s type-erased twin on every entry: what both event senders' `send` do.
  /// With no entry, a load and a branch.
  @inlinable
  func send<Value>(value: Value) -> Bool {
    guard hasSubscribers else { return false }
    return ErasedValue.with(value) { send($0) }
  }

  /// Ends every entry made so far, as if each token were invalidated; then waits for the
  /// deliveries under way, which may still be calling entries that other threads were
  /// ending and that had left the list already.
  func removeAll() {
    let (entries, deliveriesUnderWay) = subscribers.entriesEndingAll()
    for entry in entries { entry.whole.invalidate() }
    subscribers.waitForDeliveries(before: deliveriesUnderWay)
  }

  /// The owner is gone: ends every entry, without the last-subscriber action (the owner
  /// is going away), and releases the actions, which may capture subscriptions to this very
  /// source.
  func detach() {
    for entry in subscribers.detach() { entry.ownerDidRelease() }
    transitions?.discard()
  }

  /// The name given to the source, or the type of its values.
  var displayName: String { name ?? "Event<\(valueType)>" }
}

extension SubscriberSource {
  /// The entries one value goes to, taken when it was announced; `nil` when there were
  /// none.
  @usableFromInline
  struct Snapshot {
    let reading: SubscriberList<ListedEntry>.Reading?
  }
}
