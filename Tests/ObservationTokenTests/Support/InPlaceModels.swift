import Observation
import ObservationToken

/// A value whose storage is a class reference, as a copy-on-write collection's is: a
/// mutation that works in place finds its storage uniquely referenced.
struct CopyOnWriteBox {
  final class Storage {}
  private var storage = Storage()

  /// Whether the storage is uniquely referenced while this mutation runs.
  mutating func isUniquelyReferencedWhileMutated() -> Bool {
    isKnownUniquelyReferenced(&storage)
  }
}

/// A model whose properties are mutated through the property (`model.numbers.append(x)`).
final class MutatedInPlace: KeyValueObservable {
  @Observed var numbers: [Int] = []
  @Observed var box = CopyOnWriteBox()
  var numberCount: Int { numbers.count }
}

/// The same, in a class that opts in to Swift Observation.
final class BridgedMutatedInPlace: KeyValueObservable, Observable, @unchecked Sendable {
  @Observed var numbers: [Int] = []
  @Observed var box = CopyOnWriteBox()
}

/// Thrown by ``Swift/Array/appendThenThrow(_:)``.
struct MutationFailure: Error {}

extension Array {
  /// Appends `element`, then throws: a mutation that fails after it changed the value.
  mutating func appendThenThrow(_ element: Element) throws {
    append(element)
    throw MutationFailure()
  }
}
