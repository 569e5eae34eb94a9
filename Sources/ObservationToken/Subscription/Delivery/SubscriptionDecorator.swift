/// A subscription that adds something to the one feeding it — a queue to deliver on, a
/// target to write to: invalidating the decorator invalidates the upstream too, and the
/// decorator is invalid once the upstream is.
///
/// Its own gate admits what it adds where that runs apart from the upstream (a queued call)
/// and marks the decorator ended; ``upstream`` is the subscription that feeds it. A token
/// holds the decorator, which holds the upstream.
///
/// `@unchecked Sendable`: `upstream` is set once, by ``decorate(_:)``, before the decorator
/// is handed to anyone who reads it; the upstream only calls into the decorator's gate.
@usableFromInline
class SubscriptionDecorator: Subscription, @unchecked Sendable {
  /// Where the subscription was made, for descriptions, when its maker says: in the four
  /// bytes the gate before it leaves free. Set once, before the decorator is handed out, so
  /// the runtime's exclusivity check, which a class property set from outside pays, is left
  /// out.
  @usableFromInline @exclusivity(unchecked) final var madeAtPacked = PackedSourceLocation.unknown
  private var upstream: Subscription?

  /// Attaches the subscription that feeds this one; call once, before handing this out.
  @usableFromInline
  final func decorate(_ upstream: Subscription) {
    self.upstream = upstream
  }

  override var isValid: Bool { super.isValid && upstream?.isValid != false }

  /// Ends this subscription before the upstream: the upstream may leave a list — which can
  /// run a last-subscriber action, and lets the list's owner end everything in it without
  /// seeing this one — and by then no call this one adds (a queued one) may start.
  override func invalidate() {
    end()
    upstream?.invalidate()
    super.invalidate()
  }

  override func endWithoutWaiting() {
    end()
    upstream?.endWithoutWaiting()
  }

  override var summary: String { upstream?.summary ?? super.summary }

  override var madeAtDescription: String? { madeAtPacked.description }
}
