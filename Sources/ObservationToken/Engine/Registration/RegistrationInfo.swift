/// What a registration watches and for whom, for removal and descriptions.
///
/// Two words, so that a token's registration fits a smaller allocation: the key path
/// (inside the ``RawObserver`` for a raw registration), and the sequence number with the
/// options in its low byte.
@usableFromInline
struct RegistrationInfo: @unchecked Sendable {
  private enum Origin {
    /// The private registration of a token, which so copies no weak reference.
    case token(AnyKeyPath)
    case raw(RawObserver)
  }

  private let origin: Origin
  @usableFromInline let sequenceAndOptions: UInt64

  @usableFromInline
  init(
    subject: borrowing AnyObject,
    keyPath: AnyKeyPath,
    options: KeyValueObservingOptions,
    context: UnsafeMutableRawPointer? = nil,
    observer: borrowing AnyObject? = nil
  ) {
    origin =
      if let observer = copy observer {
        .raw(RawObserver(observer, keyPath: keyPath, context: context, subject: copy subject))
      } else {
        .token(keyPath)
      }
    sequenceAndOptions = SubscriptionSequence.next() << 8 | UInt64(options.rawValue)
  }

  /// The key path given when registering.
  var keyPath: AnyKeyPath {
    switch origin {
    case .token(let keyPath): keyPath
    case .raw(let raw): raw.keyPath
    }
  }

  /// The options given when registering.
  @usableFromInline var options: KeyValueObservingOptions {
    KeyValueObservingOptions(rawValue: UInt8(truncatingIfNeeded: sequenceAndOptions))
  }

  /// Orders registrations; later registrations have larger sequences.
  var sequence: UInt64 { sequenceAndOptions >> 8 }

  /// The subject's type, the key path as `keyPath` names it, and the extra calls asked
  /// for, such as `Document \Document.title [.initial]`, for a token's description.
  func summary(naming keyPath: String) -> String {
    "\(subjectType) \(keyPath) \(options.subtracting([.old, .new]))"
  }

  /// Whether a raw observer registered it (`addObserver`), not a token.
  var isRaw: Bool { raw != nil }

  /// The raw observer and its context; `nil` for the private registration of a token.
  private var raw: RawObserver? {
    guard case .raw(let raw) = origin else { return nil }
    return raw
  }

  /// The type the key path starts from, which names the subject in descriptions.
  var subjectType: Any.Type { type(of: keyPath).rootType }

  /// The identity of the object observed, under which the raw layer's table keeps a raw
  /// registration; `nil` for the private registration of a token.
  var rawSubjectID: ObjectIdentifier? { raw?.subjectID }

  /// The identity of a raw registration's observer, which outlives it; `nil` for the
  /// private registration of a token. Loads no weak reference.
  var rawObserverID: ObjectIdentifier? { raw?.observerID }

  /// Tells raw registrations apart; never dereferenced.
  var context: UnsafeMutableRawPointer? { raw?.context }

  /// The raw observer's type; `nil` for the private registration of a token.
  var observerType: Any.Type? { raw?.type }

  /// Whether this is a raw registration whose observer has been released: it can never
  /// deliver again, and is pruned as soon as it is seen.
  var observerIsGone: Bool { raw.map { $0.observer == nil } ?? false }

  /// Whether this is a raw registration of a released observer whose address `newcomer`'s
  /// observer now has: that observer is gone for good (a live object is at its address),
  /// so nothing can remove this registration by identity any more.
  func isOrphaned(by newcomer: RegistrationInfo) -> Bool {
    guard let raw, raw.observer == nil, let newcomerRaw = newcomer.raw else { return false }
    return raw.observerID == newcomerRaw.observerID
  }

  /// Whether this is the registration `removeObserver` names; a `nil` `context` matches
  /// any context. An observer in its own `deinit` is matched by identity; see
  /// ``RawObserver/isRegistration(of:)``.
  func matches(observer: RemovingObserver, keyPath: AnyKeyPath, context: UnsafeMutableRawPointer??) -> Bool {
    guard let raw, raw.keyPath == keyPath, raw.isRegistration(of: observer) else { return false }
    guard case .some(let context) = context else { return true }
    return raw.context == context
  }
}
