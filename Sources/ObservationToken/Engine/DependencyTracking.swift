import Synchronization

/// How many tracking scopes are active on any thread. A read of an `@Observed` property
/// checks this first, so a read outside any scope costs one relaxed load and a branch.
@usableFromInline
let activeTrackingScopes = Atomic<Int>(0)

/// A read of an `@Observed` property seen inside a tracking scope: which object, which
/// property (its observer list), and the property's own key path.
struct Dependency {
  let subject: AnyObject
  let observers: any AnyPropertyObservers
  /// The key path of the property as declared, rooted at the declaring class.
  let keyPath: AnyKeyPath
  /// The key path of the property's `@Observed` storage, which names it.
  let storageKeyPath: AnyKeyPath

  var id: ObjectIdentifier { ObjectIdentifier(observers) }
}

/// Collects the reads made on one thread while a tracking scope is active.
final class DependencyRecorder {
  private(set) var dependencies: [Dependency] = []
  private var seen: Set<ObjectIdentifier> = []

  func record(_ dependency: Dependency) {
    if seen.insert(dependency.id).inserted { dependencies.append(dependency) }
  }
}

/// Runs code while recording which `@Observed` properties, of which objects, it reads.
///
/// Evaluating a key path inside ``track(_:)`` discovers everything it depends on, on
/// every object along the way: that is how chains, derived properties and key paths
/// written with a subclass root are matched to the properties that can change them.
enum DependencyTracking {
  /// Evaluates `body` and returns its result with the properties it read, in first-read
  /// order. Scopes nest; an inner scope's reads are not seen by the outer one.
  static func track<Result>(_ body: () -> Result) -> (result: Result, dependencies: [Dependency]) {
    let context = ThreadContext.current
    let outer = context.recorder
    let recorder = DependencyRecorder()
    context.recorder = recorder
    activeTrackingScopes.add(1, ordering: .relaxed)
    defer {
      activeTrackingScopes.subtract(1, ordering: .relaxed)
      context.recorder = outer
    }
    let result = body()
    return (result, recorder.dependencies)
  }
}

extension Observed {
  /// Records a read of this property if the current thread is tracking; creates the
  /// property's observer list on first use so the read can be observed.
  @usableFromInline
  static func recordRead<Subject: KeyValueObservable>(
    of subject: Subject,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Subject, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Subject, Observed<Value>>
  ) {
    guard let recorder = ThreadContext.current.recorder else { return }
    let observers: PropertyObservers<Value>
    if let existing = subject[keyPath: storageKeyPath].observers {
      observers = existing
    } else {
      observers = PropertyObservers<Value>()
      subject[keyPath: storageKeyPath].observers = observers
    }
    recorder.record(
      Dependency(subject: subject, observers: observers, keyPath: wrappedKeyPath, storageKeyPath: storageKeyPath)
    )
  }
}
