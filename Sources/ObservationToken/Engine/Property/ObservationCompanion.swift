/// What another observation system keeps for one `@Observed` property of one object, for
/// a class that opts in to it (see ``KeyValueObservable/_observationHook``).
///
/// The engine tells it of every read and every change of the property — assignment or
/// collection edit — and knows nothing else of it: the bridge that made it (in
/// `Bridges/`) subclasses it. The property's observer list keeps it, so it lives and
/// dies with the property's storage.
@usableFromInline
class ObservationCompanion: @unchecked Sendable {
  // `@unchecked`: no stored state here; each subclass keeps only what is `Sendable`.

  @usableFromInline
  init() {}

  /// The property was read on the calling thread.
  @usableFromInline
  func read(of subject: AnyObject) {}

  /// The property is about to change.
  @usableFromInline
  func willChange(of subject: AnyObject) {}

  /// The property has changed.
  @usableFromInline
  func didChange(of subject: AnyObject) {}
}
