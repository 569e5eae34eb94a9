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
/// array: a getter that returns more elements than the property it reads could stop for
/// an index that its own array has.
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
  private var base: AnyObject?
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
    self.base = root
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

  /// Follows a read of the `@Observed` property of `subject` stored `storageOffset` bytes
  /// into it, which returned `value`: stops when it is the step an `Array` subscript
  /// follows and the subscript's index is out of `value`'s range.
  func follow<Value>(_ subject: AnyObject, storedAt storageOffset: Int, returning value: Value) {
    guard next < steps.count else { return }
    let step = steps[next]
    guard subject === base, ObjectIdentifier(Value.self) == ObjectIdentifier(step.valueType) else {
      next = steps.count
      return
    }
    next += 1
    readFields.append((type(of: subject), storageOffset))
    // Found with its object there: what names it where there is none (after a `nil`).
    ObservedPropertyNames.learn(step.component, storedAt: storageOffset, in: type(of: subject))
    var given: Any = value
    if let index = step.index {
      guard let array = value as? any Collection else {
        next = steps.count
        return
      }
      let count = array.count
      if index < 0 || index >= count { stop(at: index, count: count, of: subject) }
      given = Self.element(at: index, of: array)
    }
    base = next < steps.count ? ReflectedProperty.object(in: given) : nil
  }

  private static func element<Elements: Collection>(at index: Int, of elements: Elements) -> Any {
    elements[elements.index(elements.startIndex, offsetBy: index)]
  }

  private func stop(at index: Int, count: Int, of subject: AnyObject) -> Never {
    let names = readFields.map { ReflectedProperty.observedField(in: $0.type, storedAt: $0.offset)?.name }
    let property = names.last.flatMap { $0.map { "\\\(type(of: subject)).\($0)" } } ?? "the array"
    Misuse.indexOutOfRange(
      index,
      of: property,
      count: count,
      inObserved: writtenName(naming: names),
      on: type(of: keyPath).rootType,
      at: site
    )
  }

  /// The key path as written, as far as it can be told: each `Array` subscript as its
  /// index, the components of the steps read so far by the names of their properties,
  /// `names`, where found, and the others where learned (see ``ObservedPropertyNames``).
  private func writtenName(naming names: [String?]) -> String {
    var text = PropertyName.ofKeyPath(keyPath)
    guard let components = KeyPathLayout.components(of: keyPath),
      let arraySubscript = KeyPathLayout.arraySubscript
    else { return text }
    // The runtime prints each computed component as `.<computed (Type)>`, in order.
    var replacements: [String?] = []
    var step = 0
    for component in components where component.kind == KeyPathLayout.Component.computedKind {
      if component.hasSameID(as: arraySubscript), let index = component.intArgument {
        replacements.append("[\(index)]")
      } else {
        // A step not read by this evaluation is named as the property it was learned to be.
        let name = step < names.count ? names[step] : ObservedPropertyNames.name(of: component)
        replacements.append(name.map { ".\($0)" })
        step += 1
      }
    }
    var ranges: [Range<String.Index>] = []
    var searchStart = text.startIndex
    while let opening = text[searchStart...].firstRange(of: ".<computed (") {
      // The type may hold parentheses of its own, such as a tuple's.
      var depth = 1
      var index = opening.upperBound
      while index < text.endIndex, depth > 0 {
        if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
        index = text.index(after: index)
      }
      guard depth == 0, index < text.endIndex, text[index] == ">" else { break }
      ranges.append(opening.lowerBound..<text.index(after: index))
      searchStart = text.index(after: index)
    }
    guard ranges.count == replacements.count else { return text }
    for (range, replacement) in zip(ranges, replacements).reversed() {
      if let replacement { text.replaceSubrange(range, with: replacement) }
    }
    return text
  }
}
