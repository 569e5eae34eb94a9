/// A handler object kept in its subscription's own storage: retained once when held, called
/// with no retain of its own, released exactly once — by ``drop()``, which a subscription's
/// single release calls, or when a subscription that never ended is freed.
///
/// What a ``HeldClosure`` is for a closure, this is for a ``SubscriptionHandler``: a
/// registration that calls a handler object (a raw observer's, a binding's, a delivery
/// elsewhere's) keeps it here, so that the retain, the call and the release are written
/// once. A subscription
/// keeps it in a `final var` marked `@exclusivity(unchecked)`, calls it only inside a
/// delivery its gate admitted, and drops it only in its one release, which the gate runs
/// once no delivery is under way: no call ever overlaps the release.
struct HeldHandler: ~Copyable {
  /// `nil` once dropped.
  private var handler: Unmanaged<SubscriptionHandler>?

  init(_ handler: SubscriptionHandler) {
    self.handler = .passRetained(handler)
  }

  deinit {
    handler?.release()
  }

  /// Hands `value`, sent by `subject` (`nil` for an event), to the handler; `nil` once it
  /// was dropped, otherwise whether the handler wants more.
  @inline(__always)
  borrowing func callAsFunction(_ value: ErasedValue, from subject: AnyObject?) -> Bool? {
    handler?._withUnsafeGuaranteedRef { $0.receive(value, from: subject) }
  }

  /// Runs `body` with the handler, unless it was dropped; the caller makes sure no release
  /// overlaps (inside a delivery the gate admitted).
  borrowing func withHandler<Result>(_ body: (SubscriptionHandler) -> Result) -> Result? {
    handler?._withUnsafeGuaranteedRef(body)
  }

  /// Releases the handler and what it holds.
  @inline(__always)
  mutating func drop() {
    handler?.release()
    handler = nil
  }
}
