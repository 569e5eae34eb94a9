import Observation

/// A class that conforms to `Observable` where the Swift Observation bridge cannot see it:
/// below the class that adopts `KeyValueObservable`, whose conformance chose no hook (see
/// ``KeyValueObservable/_observationHook``), which every subclass inherits. Swift
/// Observation would never see its `@Observed` properties change; rather than observe them
/// silently, the package stops when it is asked to observe one.
@usableFromInline
enum UnseenObservable {
  /// `subject`'s class when it conforms to `Observable` although its class's hook is `nil`;
  /// `nil` otherwise. Asked only in a class without a hook, when a property's observer list
  /// is made: the dynamic cast costs no accessor anything. Each class's answer is kept:
  /// the cast searches the runtime's conformance records, even once the runtime has seen
  /// the class, at many times the cost of the lookup (see INVARIANTS).
  @usableFromInline @inline(never)
  static func classOf(_ subject: AnyObject) -> AnyClass? {
    let type: AnyClass = type(of: subject)
    let id = ObjectIdentifier(type)
    let known = conformingClasses.withLock { $0[id] }
    let conforms = known ?? (subject is any Observable)
    if known == nil { conformingClasses.withLock { $0[id] = conforms } }
    return conforms ? type : nil
  }

  /// Whether each class asked about conforms to `Observable`, by the class's identity: a
  /// class's metadata is never freed, so no other class can take its identifier.
  private static let conformingClasses = Locked<[ObjectIdentifier: Bool]>([:])

  /// Stops the program at the caller's `file` and `line` when `observers` is the list of
  /// a property of such a class, before a registration for exactly that property is made.
  /// Inlined into every registration: a load and a branch.
  @inlinable @inline(__always)
  static func requireSeen(_ observers: PropertyObservers, file: StaticString, line: UInt) {
    if observers.unseenObservableClass != nil { Misuse.observableUnseen(observers, at: .call(file: file, line: line)) }
  }

  /// Stops the program at `site` when a key path read a property of such a class: before
  /// a derived registration is made, and when one reads something new.
  static func requireSeen(_ dependencies: ArraySlice<Dependency>, at site: Misuse.Site) {
    for dependency in dependencies where dependency.observers.unseenObservableClass != nil {
      Misuse.observableUnseen(dependency.observers, at: site)
    }
  }
}
