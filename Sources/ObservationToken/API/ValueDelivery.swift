/// How changes that happen faster than a queue or the main actor runs them are delivered:
/// each one, or only the newest.
///
/// ``everyChange`` queues one call per change, in change order: what a log, an undo stack
/// or an animation of each step needs. ``latest`` keeps one waiting value per observation
/// or binding and replaces it as changes come, so that a view bound to a model that other
/// threads change hundreds of times between two frames is written once per main-queue
/// turn, with the newest value:
///
/// ```swift
/// model.bind(\.progress, to: progressView, \.progress, on: MainActor.shared, delivery: .latest)
///   .store(in: &bag)
/// ```
///
/// With ``latest``:
///
/// - the handler (or the binding's write) runs at most once per queued call, with the value
///   the property holds after the newest change made before that call started;
/// - the last change always arrives, as long as the token is valid;
/// - calls of several observations delivered on one serial queue (the main queue) run in
///   the order each was first changed since its previous call;
/// - after ``ObservationToken/invalidate()`` returns no call starts, a waiting one included.
///
/// The calls receive whole values, never a change: there is no old value, no `.prior` call
/// and no collection change to coalesce — an insertion into an array is delivered as the
/// array after it.
public struct ValueDelivery: Hashable, Sendable {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case everyChange
    case latest
  }

  @usableFromInline
  let kind: Kind

  /// One call per change, queued in change order.
  public static let everyChange = ValueDelivery(kind: .everyChange)

  /// One waiting call per observation, delivering the newest value when it runs.
  public static let latest = ValueDelivery(kind: .latest)

  /// Whether calls deliver only the newest value.
  @inlinable
  var keepsLatestOnly: Bool { kind == .latest }
}
