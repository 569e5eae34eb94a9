/// One observation as the engine knows it: a ``Subscription`` that also says what it
/// watches and for whom.
///
/// Every key-value observation — a raw `addObserver` registration or the subscription a
/// token holds — is one of these. It is either a ``DirectRegistration`` (the key path is
/// exactly one `@Observed` property of the subject) or a ``DerivedRegistration`` (chains,
/// computed properties, subclass-rooted key paths).
@usableFromInline
protocol ObservationRegistration: Subscription {
  /// What the registration watches and for whom.
  var info: RegistrationInfo { get }

  /// Whether the object it observes is still alive, whether or not the registration has
  /// ended: a raw registration filed under that object's identity belongs to it, not to
  /// an earlier object at the same address (see ``RawRegistrations``). It loads a weak
  /// reference, so it is never asked under a lock.
  var hasSubject: Bool { get }

  /// Where the observation was made, for a stop a later change decides; `nil` where the
  /// registration keeps no record of it.
  var observedAt: SourceLocation? { get }

  /// Where the observation was made, `Module/File.swift:12`, for descriptions; `nil` where
  /// the registration keeps no record of it.
  var madeAtDescription: String? { get }

  /// The key path as written, such as `\Document.title`; see ``PropertyName``. A cold
  /// path: it may reflect the objects observed.
  var keyPathName: String { get }
}
