/// A subscription that can be in a ``SubscriberList``: ordered by its sequence, and
/// knowing its place there, so that leaving costs no search.
@usableFromInline
protocol ListedSubscription: Subscription {
  /// Orders subscribers; see ``SubscriptionSequence``. Entries with equal sequences keep
  /// the order they were inserted in (events give every subscription the same one).
  var sequence: UInt64 { get }

  /// The entry's index in its list's current version, or ``notListed`` when it is in none
  /// (not yet, or no longer). Read and written only by the list, under its lock.
  var listIndex: Int { get set }
}

extension ListedSubscription {
  /// The ``listIndex`` of an entry in no list.
  static var notListed: Int { -1 }
}
