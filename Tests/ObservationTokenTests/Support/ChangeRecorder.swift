import ObservationToken

/// One call a ``ChangeRecorder`` received.
///
/// `@unchecked Sendable`: the values are whatever the engine delivered (`Any`), and the
/// context is a pointer that is compared, never dereferenced.
struct RecordedChange: @unchecked Sendable {
  let keyPath: AnyKeyPath
  let object: ObjectIdentifier
  let kind: KeyValueChange.Kind
  let oldValue: Any?
  let newValue: Any?
  let indexes: RangeSet<Int>?
  let isPrior: Bool
  let context: UnsafeMutableRawPointer?

  /// The old value cast to `type`, or `nil` when there is none or it has another type.
  func old<Value>(as type: Value.Type) -> Value? { oldValue as? Value }

  /// The new value cast to `type`, or `nil` when there is none or it has another type.
  func new<Value>(as type: Value.Type) -> Value? { newValue as? Value }
}

/// Records every change it is sent, from any thread, in the order received.
///
/// It keeps nothing of the observed object but its identity, so it never extends a
/// subject's lifetime.
final class ChangeRecorder: KeyValueObserving, Sendable {
  private let recorded = LockedValue<[RecordedChange]>([])

  init() {}

  /// Every change received so far.
  var changes: [RecordedChange] { recorded.withLock { $0 } }

  /// How many calls it received.
  var count: Int { recorded.withLock { $0.count } }

  /// The only change received; `nil` unless exactly one was.
  var onlyChange: RecordedChange? {
    recorded.withLock { $0.count == 1 ? $0[0] : nil }
  }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    let entry = RecordedChange(
      keyPath: keyPath,
      object: ObjectIdentifier(object),
      kind: change.kind,
      oldValue: change.oldValue,
      newValue: change.newValue,
      indexes: change.indexes,
      isPrior: change.isPrior,
      context: context
    )
    recorded.withLock { $0.append(entry) }
  }
}
