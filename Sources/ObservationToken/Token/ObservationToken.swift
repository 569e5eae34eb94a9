/// One observation with an identity of its own: the observer of exactly one key path of
/// one subject, ended by ``invalidate()`` or by releasing the token.
///
/// A token owns its registration, which no other code can reach or remove, so two
/// tokens on the same key path — a superclass's and a subclass's, say — never see each
/// other's changes. It holds its subject weakly.
///
/// - After ``invalidate()`` returns, or the last reference to the token is released,
///   its handler never starts again, on any thread. Invalidation waits for calls under
///   way on other threads; from inside a handler (its own or any other) it does not
///   wait, so it never deadlocks.
/// - The handler is released on invalidation, so a handler that captures its own token
///   is not a leak.
/// - When the subject is released, the token becomes invalid and keeps nothing alive.
///
/// ```swift
/// var token: ObservationToken? = document.observe(\.title) { document, change in
///   print(change.oldValue, change.newValue)
/// }
/// document.title = "Draft"   // the handler runs now, on this thread
/// token = nil                 // no further calls
/// ```
public final class ObservationToken: Sendable {
  /// The one subscription the token owns; its gate makes ending it idempotent and
  /// thread-safe. One word, so that a token fits the smallest allocation.
  let subscription: Subscription

  /// Makes a token that owns `subscription`. Make it before the subscription can call its
  /// handler, so that a handler can end it from the first call.
  @usableFromInline
  init(_ subscription: Subscription) {
    self.subscription = subscription
  }

  /// Makes a token that owns `subscription` — through `decorator`, when a delivery
  /// elsewhere or a binding adds to it; the token then holds the decorator, which holds
  /// the subscription.
  convenience init(_ subscription: Subscription, through decorator: SubscriptionDecorator?) {
    if let decorator {
      decorator.decorate(subscription)
      self.init(decorator)
    } else {
      self.init(subscription)
    }
  }

  deinit {
    subscription.invalidate()
  }

  /// Whether the observation is still live: not invalidated, subject (and, for a
  /// binding, target) still alive.
  public var isValid: Bool { subscription.isValid }

  /// Ends the observation. Idempotent and safe from any thread.
  ///
  /// Once this returns the handler never starts again. Calls already under way on
  /// other threads are waited for, except when invalidating from inside a handler.
  ///
  /// - Complexity: O(1), whatever the token's place among the subject's observers; no
  ///   global lock.
  public func invalidate() {
    subscription.invalidate()
  }

  /// Keeps the token in `set`, as Combine's cancellables are kept.
  public func store(in set: inout Set<ObservationToken>) {
    set.insert(self)
  }
}

extension ObservationToken: Hashable {
  /// Tokens are equal only to themselves.
  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension ObservationToken: CustomDebugStringConvertible {
  /// The type the key path starts from, the key path, the options and the state, such as
  /// `ObservationToken(Document \Document.title [.initial], valid)`.
  ///
  /// `@Observed` properties are named as written, `\DocumentCell.document?.title` for a
  /// chain. The runtime's form, `\Document.<computed (String)>`, remains where no name can
  /// be told: for a computed property that is not `@Observed` (such as `displayTitle`),
  /// and for a chain once its token has ended or its subject is gone.
  public var debugDescription: String {
    "ObservationToken(\(subscription.summary), " + (isValid ? "valid" : "invalid") + ")"
  }
}
