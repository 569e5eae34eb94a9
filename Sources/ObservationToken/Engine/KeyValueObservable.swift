/// A class whose `@Observed` properties can be observed.
///
/// Conform a class and mark the properties to watch with ``Observed``; nothing else is
/// needed. The protocol hosts the whole API: the raw KVO-shaped layer
/// (``KeyValueObservable/addObserver(_:forKeyPath:options:context:)``) and the typed
/// observations beside it, both made of the same registrations.
///
/// ```swift
/// final class Document: KeyValueObservable {
///   @Observed var title = "Untitled"
///   @Observed var tags: [String] = []
/// }
/// ```
///
/// > Important: An `@Observed` property's value is ordinary storage: as with any `var`,
/// > setting it concurrently with another access to the same property needs your own
/// > synchronization, and so does adding an observation of it (adding reads the key
/// > path and, the first time, installs the property's observer list). Everything the
/// > package owns — observer lists, registrations, removal, invalidation, the release of
/// > either side — is safe from any thread.
public protocol KeyValueObservable: AnyObject {}
