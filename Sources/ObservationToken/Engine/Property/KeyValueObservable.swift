/// A class whose `@Observed` properties can be observed.
///
/// Conform a class and mark the properties to watch with ``Observed``; nothing else is
/// needed. The protocol hosts the whole API: the raw KVO-shaped layer
/// (``KeyValueObservable/addObserver(_:forKeyPath:options:context:file:line:)-(_,_,_,KeyValueObservingContext,_,_)``)
/// and the typed observations beside it, both made of the same registrations.
///
/// ```swift
/// final class Document: KeyValueObservable {
///   @Observed var title = "Untitled"
///   @Observed var tags: [String] = []
/// }
/// ```
///
/// ## Swift Observation and SwiftUI
///
/// A class that also conforms to Observation's `Observable` is seen by
/// `withObservationTracking`, `Observations` and so SwiftUI, with no other code: reading
/// an `@Observed` property in a tracking scope registers it, and setting it — or editing
/// it through its projection (`document.$tags`) — tells the scope, with Observation's
/// `willSet` and `didSet` timing. Tokens, bindings and raw observers on the same object
/// work as before. A class that does not conform pays nothing for this.
///
/// ```swift
/// final class Settings: KeyValueObservable, Observable {
///   @Observed var volume = 5
/// }
/// ```
///
/// Adopt `Observable` where the class adopts `KeyValueObservable` (subclasses inherit
/// both): the bridge is chosen with that conformance, so Swift Observation could never see
/// a subclass that adds `Observable` below a `KeyValueObservable` superclass. Rather than
/// stay silent, observing one of that subclass's `@Observed` properties — with a token, a
/// binding, a raw observer, or a chain or computed property that reads it — stops the
/// program at that call, with a message naming both classes. A read that only Swift
/// Observation tracks runs no code of the package in a class that does not opt in — that
/// is what keeps such a class free of cost — so a subclass seen only by SwiftUI is not
/// caught. Reads through the projection (`settings.$tags.count`) are not tracked: read
/// the property itself.
///
/// > Important: An `@Observed` property's value is ordinary storage: as with any `var`,
/// > setting it concurrently with another access to the same property needs your own
/// > synchronization, and so does adding an observation of it (adding reads the key
/// > path and, the first time, installs the property's observer list). Everything the
/// > package owns — observer lists, registrations, removal, invalidation, the release of
/// > either side — is safe from any thread.
public protocol KeyValueObservable: AnyObject {
  /// Not API: the other observation system an `@Observed` property of this class reports
  /// its reads and changes to — `nil` unless the class also conforms to Observation's
  /// `Observable`. It is known from the class's conformances alone, so in a class that
  /// does not opt in the accessors fold the check away.
  static var _observationHook: (any _KeyValueObservationHook.Type)? { get }
}

extension KeyValueObservable {
  /// Not API: a class that does not opt in reports nowhere else.
  @inlinable
  public static var _observationHook: (any _KeyValueObservationHook.Type)? { nil }
}
