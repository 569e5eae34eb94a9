/// A subscription that can be in a ``SubscriberList``: ordered by its sequence, and
/// knowing its place there, so that leaving costs no search.
@usableFromInline
protocol ListedSubscription: Subscription {
  /// Orders subscribers; see ``SubscriptionSequence``. Entries with equal sequences keep
  /// the order they were inserted in (events give every subscription the same one).
  var sequence: UInt64 { get }

  /// The entry's index in its list's current version, or ``ListIndex/notListed`` when it
  /// is in none (not yet, or no longer). Read and written only by the list, under its lock.
  var listIndex: ListIndex { get set }
}

/// An entry's index in its ``SubscriberList``, in 32 bits.
///
/// Conformers declare it as their first stored property, so that it fills the other half
/// of the word that holds the ``Subscription``'s 32-bit gate: a 64-bit index took a token's
/// registration and an event subscription to the next allocation size (16 bytes more
/// each). A list never comes near 2³¹ entries: each is an allocation of 48 bytes or more.
@usableFromInline
struct ListIndex {
  private var raw: Int32

  /// The index of an entry at `index`.
  init(_ index: Int) {
    raw = Int32(truncatingIfNeeded: index)
  }

  /// The index of an entry in no list.
  static var notListed: ListIndex { ListIndex(-1) }

  /// The index, `-1` when not listed.
  var value: Int { Int(raw) }
}
