import Observation
import ObservationToken

/// A model that opts in to Swift Observation.
final class BridgedSettings: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var volume = 5
  @Observed var theme = "light"
  @Observed var tags: [String] = []
  var summary: String { "\(theme) \(volume)" }
}

/// A document that opts in, for chains.
final class BridgedDocument: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var title: String
  init(title: String) { self.title = title }
}

/// A cell that opts in and shows a document.
final class BridgedCell: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var document: BridgedDocument?
}

/// Opts in and is subclassed: the subclass's inherited properties report too.
class BridgedBase: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var count = 0
}

final class BridgedSubclass: BridgedBase, @unchecked Sendable {}

/// A model that does not opt in: Swift Observation never sees it.
final class UnbridgedSettings: KeyValueObservable, @unchecked Sendable {
  @Observed var volume = 5
}

/// Counts the calls of a tracking scope's `onChange`, from any thread.
final class ChangeCount: Sendable {
  private let count = LockedValue(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// Does not opt in; its subclass does.
class UnbridgedBase: KeyValueObservable, @unchecked Sendable {
  @Observed var inherited = 0
}

/// Adds `Observable` below a superclass that conforms to `KeyValueObservable` without it,
/// where the bridge cannot see it: observing one of its properties stops.
class BridgedBelowUnbridged: UnbridgedBase, Observable, @unchecked Sendable {
  @Observed var own = 0
}

/// Inherits `Observable` from ``BridgedBelowUnbridged``, the class that adopted it.
final class InheritsBridgedBelowUnbridged: BridgedBelowUnbridged, @unchecked Sendable {}

/// Holds a ``BridgedBelowUnbridged``: the root of a chain to it, and a binding's target.
final class HoldsBridgedBelowUnbridged: KeyValueObservable, @unchecked Sendable {
  @Observed var object: BridgedBelowUnbridged?
  var count = 0
  init(_ object: BridgedBelowUnbridged?) { _object = Observed(wrappedValue: object) }
}
