/// One change, as the raw KVO-shaped layer reports it to a ``KeyValueObserving`` observer.
///
/// It carries exactly what the registration's ``KeyValueObservingOptions`` asked for:
/// ``oldValue`` only with `.old`, ``newValue`` only with `.new`. For a change to an
/// `@Observed` collection, ``kind`` says how it changed, ``indexes`` where, and the values
/// are the removed and inserted elements rather than whole collections.
public struct KeyValueChange {
  /// How a value changed.
  public enum Kind: Sendable, Hashable {
    /// The whole value was replaced (an assignment, or any change of a derived value).
    case setting
    /// Elements were inserted at ``KeyValueChange/indexes``.
    case insertion
    /// Elements were removed from ``KeyValueChange/indexes``.
    case removal
    /// Elements at ``KeyValueChange/indexes`` were replaced by as many new ones.
    case replacement
  }

  /// How the value changed.
  public var kind: Kind
  /// The value before the change, if the registration asked for `.old`.
  public var oldValue: Any?
  /// The value after the change, if the registration asked for `.new`.
  public var newValue: Any?
  /// For collection changes, the positions affected; `nil` for ``Kind/setting``.
  public var indexes: RangeSet<Int>? {
    get { indexRanges.map { RangeSet($0) } }
    set { indexRanges = newValue.map { Array($0.ranges) } }
  }
  /// Whether this is the call made before the change (option `.prior`).
  public var isPrior: Bool
  /// The indexes as ranges: a fixed layout, unlike `RangeSet` (see ``ObservedChange``).
  @usableFromInline var indexRanges: [Range<Int>]?

  /// Creates a change; the engine makes these, tests and ported code may too.
  public init(
    kind: Kind,
    oldValue: Any? = nil,
    newValue: Any? = nil,
    indexes: RangeSet<Int>? = nil,
    isPrior: Bool = false
  ) {
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
    self.indexRanges = indexes.map { Array($0.ranges) }
    self.isPrior = isPrior
  }

  /// Creates a change from index ranges; the form the engine uses.
  @inlinable
  init(kind: Kind, oldValue: Any?, newValue: Any?, indexRanges: [Range<Int>]?, isPrior: Bool) {
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
    self.indexRanges = indexRanges
    self.isPrior = isPrior
  }
}
