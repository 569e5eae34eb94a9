/// A subscription that can be in a ``SubscriberList``: ordered by its sequence.
@usableFromInline
protocol ListedSubscription: Subscription {
  /// Orders subscribers; see ``SubscriptionSequence``. Entries with equal sequences keep
  /// the order they were inserted in (events give every subscription the same one).
  var sequence: UInt64 { get }
}
