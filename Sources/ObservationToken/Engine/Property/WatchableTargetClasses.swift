import Synchronization

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// Which classes a binding can watch for its target's death — those that conform to
/// ``KeyValueObservable`` and, with the Objective-C runtime, `NSObject`'s subclasses —
/// remembered in a small table read without a lock: what a binding asks of its target's
/// class on every `bind`.
///
/// A dynamic cast to the protocol searches the runtime's conformance records each time,
/// at many times the cost of a look here; and it cannot be decided where `bind` is
/// compiled, for a target class that is not final or comes from another module (a view).
/// A slot holds one class's answer; a class whose slot another took is cast again.
@usableFromInline
enum WatchableTargetClasses {
  private static let slotCount = 16
  /// A slot's bits: the class's metadata address, which leaves the low three free.
  private static let known: UInt = 1
  private static let conforms: UInt = 2
  private static let answerBits: UInt = 7

  /// Each slot: a class's address with `known` and, when it conforms, `conforms` set; `0`
  /// while empty. One word, so a slot is read and written whole, with no lock. Allocated
  /// once and never freed.
  private nonisolated(unsafe) static let slots: UnsafeMutablePointer<Atomic<UInt>> = {
    let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: slotCount)
    for index in 0..<slotCount { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }()

  /// Whether `object`'s class conforms to ``KeyValueObservable``, or is an `NSObject`.
  @usableFromInline
  static func contains(_ object: AnyObject) -> Bool {
    let address = UInt(bitPattern: ObjectIdentifier(type(of: object)))
    let slot = slots + Int((address >> 4) % UInt(slotCount))
    let word = slot.pointee.load(ordering: .relaxed)
    if word & ~answerBits == address { return word & conforms != 0 }
    #if canImport(ObjectiveC)
    let answer = object is any KeyValueObservable || object is NSObject
    #else
    let answer = object is any KeyValueObservable
    #endif
    slot.pointee.store(address | known | (answer ? conforms : 0), ordering: .relaxed)
    return answer
  }
}
