/// One change of an observed value, with typed old and new values.
///
/// For an assignment (``KeyValueChange/Kind/setting``) the values are the whole values
/// before and after. For an in-place change of an `@Observed` collection they are the
/// removed and inserted elements, and ``indexes`` says where, as KVO's to-many changes do.
/// A value is `nil` where there is none: no old value in the `.initial` call or for an
/// insertion, no new value in a `.prior` call or for a removal.
public struct ObservedChange<Value> {
  /// How the value changed.
  public var kind: KeyValueChange.Kind
  /// The value before the change, or the removed and replaced elements.
  public var oldValue: Value?
  /// The value after the change, or the inserted and replacing elements.
  public var newValue: Value?
  /// For collection changes, the positions affected; `nil` for assignments.
  public var indexes: RangeSet<Int>? {
    get { indexRanges.map { RangeSet($0) } }
    set { indexRanges = newValue.map { Array($0.ranges) } }
  }
  /// Whether this is the call made before the change (option `.prior`).
  public var isPrior: Bool
  /// The indexes as ranges. `RangeSet` has no fixed layout outside the standard
  /// library; storing it would make every change a runtime-sized value, copied through
  /// generic witnesses on the hot path.
  @usableFromInline var indexRanges: [Range<Int>]?

  /// Creates a change.
  public init(
    kind: KeyValueChange.Kind,
    oldValue: Value? = nil,
    newValue: Value? = nil,
    indexes: RangeSet<Int>? = nil,
    isPrior: Bool = false
  ) {
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
    self.indexRanges = indexes.map { Array($0.ranges) }
    self.isPrior = isPrior
  }

  /// Creates a change from index ranges; the form the collection path uses.
  @inlinable
  init(kind: KeyValueChange.Kind, oldValue: Value?, newValue: Value?, indexRanges: [Range<Int>]?, isPrior: Bool = false)
  {
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
    self.indexRanges = indexRanges
    self.isPrior = isPrior
  }

  /// Creates an assignment's change; the form the engine's hot path uses.
  @inlinable
  init(setting oldValue: Value?, to newValue: Value?, isPrior: Bool = false) {
    self.kind = .setting
    self.oldValue = oldValue
    self.newValue = newValue
    self.indexRanges = nil
    self.isPrior = isPrior
  }
}

extension ObservedChange: Sendable where Value: Sendable {}

extension ObservedChange {
  /// The prior call for this change: the old value only, marked as prior.
  @inlinable
  var prior: ObservedChange {
    var prior = self
    prior.newValue = nil
    prior.isPrior = true
    return prior
  }

  /// The same change with its values as `Any`: what a derived registration learns of a
  /// dependency it does not know the type of.
  @inlinable
  var untyped: KeyValueChange { keyValueChange(for: [.old, .new]) }

  /// A change read back from ``untyped``: the values cast to `Value`, `nil` where they are
  /// not `Value`s.
  @usableFromInline
  init(_ change: KeyValueChange) {
    self.init(
      kind: change.kind,
      oldValue: change.oldValue as? Value,
      newValue: change.newValue as? Value,
      indexRanges: change.indexRanges,
      isPrior: change.isPrior
    )
  }

  /// The untyped change a raw observer receives, holding only what `options` asked for.
  @inlinable
  func keyValueChange(for options: KeyValueObservingOptions) -> KeyValueChange {
    KeyValueChange(
      kind: kind,
      oldValue: options.contains(.old) ? oldValue.map { $0 as Any } : nil,
      newValue: options.contains(.new) ? newValue.map { $0 as Any } : nil,
      indexRanges: indexRanges,
      isPrior: isPrior
    )
  }
}
