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
  /// Set once, while the token is being made and before any handler can run; the
  /// registration's own gate makes ending it idempotent and thread-safe. One word, so
  /// that a token fits the smallest allocation.
  private nonisolated(unsafe) var held: Held?

  private init() {}

  deinit {
    invalidate()
  }

  /// Makes a token whose registration `register` creates. `register` receives the token,
  /// so a handler can end its own observation, and a function that attaches the
  /// registration to the token, which the engine calls before any handler runs — so an
  /// invalidation during the `.initial` call takes effect at once. `target` and
  /// `delivery` are what a binding or a delivery elsewhere adds.
  @usableFromInline
  static func start(
    target: AnyObject? = nil,
    delivery: (any ClosableDelivery)? = nil,
    _ register: (ObservationToken, _ attach: (RegistrationReference) -> Void) -> Void
  ) -> ObservationToken {
    let token = ObservationToken()
    register(token) { registration in
      token.held =
        if target == nil && delivery == nil {
          .plain(registration)
        } else {
          .extended(Extended(registration, target: target, delivery: delivery))
        }
    }
    return token
  }

  /// Whether the observation is still live: not invalidated, subject (and, for a
  /// binding, target) still alive.
  public var isValid: Bool {
    switch held {
    case .plain(let registration): registration.isValid
    case .extended(let extended): extended.registration.isValid && extended.isLive
    case nil: false
    }
  }

  /// Ends the observation. Idempotent and safe from any thread.
  ///
  /// Once this returns the handler never starts again. Calls already under way on
  /// other threads are waited for, except when invalidating from inside a handler.
  public func invalidate() {
    switch held {
    case .plain(let registration):
      registration.invalidate()
    case .extended(let extended):
      extended.registration.invalidate()
      extended.delivery?.close()
    case nil:
      break
    }
  }

  /// Keeps the token in `bag` until the bag is emptied or released.
  public func store(in bag: inout ObservationBag) {
    bag.insert(self)
  }

  /// Keeps the token in `set`, as Combine's cancellables are kept.
  public func store(in set: inout Set<ObservationToken>) {
    set.insert(self)
  }
}

extension ObservationToken {
  /// What a token holds: its registration, alone or with what a binding or a delivery
  /// elsewhere adds, which lives in an object of its own so that a plain token stays
  /// small.
  private enum Held {
    case plain(RegistrationReference)
    case extended(Extended)

    var registration: any ObservationRegistration {
      switch self {
      case .plain(let registration): registration.registration
      case .extended(let extended): extended.registration.registration
      }
    }
  }

  /// A registration with what a binding or a delivery elsewhere adds.
  private final class Extended: Sendable {
    let registration: RegistrationReference
    /// For bindings: the target whose release ends the observation.
    let target: WeakReference?
    /// For deliveries elsewhere than the setting thread: closed with the registration.
    let delivery: (any ClosableDelivery)?

    init(_ registration: RegistrationReference, target: AnyObject?, delivery: (any ClosableDelivery)?) {
      self.registration = registration
      self.target = target.map(WeakReference.init)
      self.delivery = delivery
    }

    /// Whether the target (if any) is alive and the delivery (if any) open.
    var isLive: Bool { target?.isAlive != false && delivery?.isOpen != false }
  }
}

/// A delivery that a token closes when it ends; see ``ScheduledDelivery``.
@usableFromInline
protocol ClosableDelivery: AnyObject, Sendable {
  var isOpen: Bool { get }
  func close()
}

extension ScheduledDelivery: ClosableDelivery {}

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
  /// `ObservationToken(Document \Document.<computed (String)> [.initial], valid)`.
  ///
  /// The key path is printed as the runtime prints it, which shows an `@Observed`
  /// property as a computed component of its type; the subject's
  /// ``KeyValueObservable/observationDescription`` names its properties.
  public var debugDescription: String {
    guard let registration = held?.registration else { return "ObservationToken(starting)" }
    let options = registration.info.options.subtracting([.old, .new])
    return "ObservationToken(\(registration.info.subjectType) \(registration.keyPathName) \(options), "
      + (isValid ? "valid" : "invalid") + ")"
  }
}
