/// The indexes an observed key path takes through `Array`'s own subscript
/// (`\.documents[0].title`, `\.tags[5]`), checked as the key path is evaluated, before the
/// subscript runs: an index out of range stops with a message naming the key path, the
/// index, the count and where the observation was made, instead of the standard library's
/// "Index out of range" deep inside the evaluation.
///
/// A key path does not expose its subscripts' arguments; ``KeyPathLayout`` reads them from
/// the key path object. The key path's first components are followed while they are class
/// properties with setters (as `@Observed` ones are), optional chains and `Array`
/// subscripts; each subscript is checked on the read of the property just before it, and
/// each property read is learned (see ``ObservedPropertyNames``), to name it in a stop. A
/// read is taken for a step only when it is the next read of the evaluation, is made on
/// the very object the step starts from (the root, or what the step before gave), and
/// gives a value of the step's type; any other read ends the following, and nothing more
/// is checked (a subscript then traps as Swift's own does). The one read this cannot tell
/// from the step's is one that a computed property with a setter, standing at the step,
/// makes first, of another property of the same object and type, before returning another
/// array (`pinned + items`). Before stopping for an index out of that read's range, the
/// step's property is looked up in the program's symbol table (see
/// ``ObservedPropertyNames/symbolName(of:)``), and a step that is not the property read
/// ends the following instead: only a stripped program, whose table names nothing, can
/// stop for an index that the getter's own array has. (Nor are the reads of a tracking
/// scope nested in the evaluation before its first read told from its own — a getter
/// along the key path that itself observes something; with no read matching a step, the
/// following is lost.)
@usableFromInline
final class IndexedSteps {
  /// A class property of the key path, in order, the type of its value, and the index of
  /// the `Array` subscript right after it, if any.
  private struct Step {
    let component: KeyPathLayout.Component
    let valueType: Any.Type
    var index: Int?
  }

  private let steps: [Step]
  /// The step the next read must be; `steps.count` once done, or lost.
  private var next = 0
  /// The object the next step's property is read on.
  private var base: ObjectIdentifier?
  /// Where the properties of the steps read so far are stored, to name them in a stop.
  private var readFields: [(type: Any.Type, offset: Int)] = []
  private let keyPath: AnyKeyPath
  private let site: Misuse.Site
  /// Where the reads of the scope that evaluates the key path start: reads of a scope
  /// nested in it are not its.
  let scopeStart: Int

  private init(steps: [Step], keyPath: AnyKeyPath, site: Misuse.Site, root: AnyObject, scopeStart: Int) {
    self.steps = steps
    self.keyPath = keyPath
    self.site = site
    self.base = ObjectIdentifier(root)
    self.scopeStart = scopeStart
  }

  /// The steps to follow in an evaluation of `keyPath`; `nil` when it takes no `Array`
  /// subscript right after one of its first class properties (or its layout cannot be
  /// read).
  static func following(
    _ keyPath: AnyKeyPath,
    madeAt site: () -> (Misuse.Site, root: AnyObject),
    inScopeStartingAt scopeStart: Int
  ) -> IndexedSteps? {
    guard let arraySubscript = KeyPathLayout.arraySubscript, let components = KeyPathLayout.components(of: keyPath)
    else { return nil }
    var steps: [Step] = []
    var checked = 0
    var previousIsStep = false
    for component in components {
      if component.hasSameID(as: arraySubscript) {
        guard previousIsStep, let index = component.intArgument else { break }
        steps[steps.count - 1].index = index
        checked = steps.count
        previousIsStep = false
      } else if component.kind == KeyPathLayout.Component.computedKind {
        guard component.isReferenceSettable else { break }
        steps.append(Step(component: component, valueType: component.valueType ?? type(of: keyPath).valueType))
        previousIsStep = true
      } else if component.kind == KeyPathLayout.Component.optionalKind {
        previousIsStep = false
      } else {
        break
      }
    }
    guard checked > 0 else { return nil }
    let (site, root) = site()
    return IndexedSteps(steps: steps, keyPath: keyPath, site: site, root: root, scopeStart: scopeStart)
  }

  /// Follows a read of the evaluation, `read`: stops when it is the step an `Array`
  /// subscript follows and the subscript's index is out of the range of the array it
  /// returned. The read's value is still held by the property's getter, which made it.
  func follow(_ read: borrowing Dependency) {
    guard next < steps.count else { return }
    let step = steps[next]
    guard read.subjectID == base, read.value.type == ObjectIdentifier(step.valueType), read.value.large == nil else {
      next = steps.count
      return
    }
    next += 1
    let storageOffset = read.observers.source.storageOffset
    // The object the read was made on, which the getter holds for the read.
    let subject = Unmanaged<AnyObject>.fromOpaque(
      UnsafeRawPointer(bitPattern: UInt(bitPattern: read.subjectID)).unsafelyUnwrapped
    ).takeUnretainedValue()
    readFields.append((type(of: subject), storageOffset))
    // Found with its object there: what names it where there is none (after a `nil`).
    ObservedPropertyNames.learn(step.component, storedAt: storageOffset, in: type(of: subject))
    base = nil
    if let index = step.index {
      guard let array = step.valueType as? any IndexableArray.Type else { return }
      let count = array.count(of: read.value.bits)
      if index < 0 || index >= count {
        // Unless the symbol table tells the step's property from the one read: a computed
        // property's getter may have read another of its type first (see above).
        if let name = ObservedPropertyNames.symbolName(of: step.component),
          ObservedPropertyNames.observedField(named: name, in: type(of: subject)) != storageOffset
        {
          next = steps.count
          return
        }
        stop(at: index, count: count)
      }
      base = array.objectIdentifier(at: index, of: read.value.bits)
    } else if ValueIdentity.objectType(of: step.valueType) != nil {
      base = Self.objectIdentifier(at: UInt(truncatingIfNeeded: read.value.bits.0))
    }
  }

  /// The identity of the object at `address`, the bits of an object or of an optional
  /// one; `nil` for zero (an optional's `nil`).
  static func objectIdentifier(at address: UInt) -> ObjectIdentifier? {
    UnsafeRawPointer(bitPattern: address).map { ObjectIdentifier(unsafeBitCast($0, to: AnyObject.self)) }
  }

  private func stop(at index: Int, count: Int) -> Never {
    Misuse.indexOutOfRange(index, count: count, inObserved: keyPath, readingFields: readFields, at: site)
  }
}

/// An array whose count and elements are read from the bits a tracked read kept of it
/// (see ``ValueIdentity``), while the array itself is still held by the read.
protocol IndexableArray {
  static func count(of bits: ValueIdentity.Bits) -> Int
  /// The identity of the object the element at `index` is, or holds as an optional.
  static func objectIdentifier(at index: Int, of bits: ValueIdentity.Bits) -> ObjectIdentifier?
}

extension Array: IndexableArray {
  static func count(of bits: ValueIdentity.Bits) -> Int {
    Swift.withUnsafeBytes(of: bits) { $0.load(as: [Element].self).count }
  }

  static func objectIdentifier(at index: Int, of bits: ValueIdentity.Bits) -> ObjectIdentifier? {
    guard ValueIdentity.objectType(of: Element.self) != nil else { return nil }
    return Swift.withUnsafeBytes(of: bits) { array in
      Swift.withUnsafeBytes(of: array.load(as: [Element].self)[index]) {
        IndexedSteps.objectIdentifier(at: $0.load(as: UInt.self))
      }
    }
  }
}
