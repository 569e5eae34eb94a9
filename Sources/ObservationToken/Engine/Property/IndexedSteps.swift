/// The indexes an observed key path takes through `Array`'s own subscript
/// (`\.documents[0].title`, `\.tags[5]`), checked as the key path is evaluated, before the
/// subscript runs: an index out of range stops with a message naming the key path, the
/// index, the count and where the observation was made, instead of the standard library's
/// "Index out of range" deep inside the evaluation.
///
/// A key path does not expose its subscripts' arguments; ``KeyPathLayout`` reads them from
/// the key path object. Each subscript is checked on the read of the `@Observed` property
/// that returns the array — the computed component just before it. The evaluation's reads
/// are followed in order: each must be the next computed component of the key path, told
/// by its identity, or the steps are lost and nothing more is checked (the subscript then
/// traps as Swift's own does). So a read made inside a computed property that is not
/// `@Observed`, or through an override that returns another array, is never taken for the
/// component's: a stop is made only for the very array the subscript is about to index.
final class IndexedSteps {
  /// A computed component of the key path, in order, and the index of the `Array`
  /// subscript right after it, if any.
  private struct Step {
    let component: KeyPathLayout.Component
    var index: Int?
  }

  private let steps: [Step]
  /// The step the next read must be; `steps.count` once done, or lost.
  private var next = 0
  /// Where the properties of the steps read so far are stored, to name them in a stop.
  private var readFields: [(type: Any.Type, offset: Int)] = []
  private let keyPath: AnyKeyPath
  private let site: Misuse.Site

  private init(steps: [Step], keyPath: AnyKeyPath, site: Misuse.Site) {
    self.steps = steps
    self.keyPath = keyPath
    self.site = site
  }

  /// The steps to follow in an evaluation of `keyPath`; `nil` when it takes no `Array`
  /// subscript right after a computed component (or its layout cannot be read).
  static func following(_ keyPath: AnyKeyPath, madeAt site: () -> Misuse.Site) -> IndexedSteps? {
    guard let arraySubscript = KeyPathLayout.arraySubscript, let components = KeyPathLayout.components(of: keyPath)
    else { return nil }
    var steps: [Step] = []
    var checked = 0
    var previousIsStep = false
    for component in components {
      if component.hasSameID(as: arraySubscript) {
        if previousIsStep, let index = component.intArgument {
          steps[steps.count - 1].index = index
          checked = steps.count
        }
        previousIsStep = false
      } else {
        previousIsStep = component.kind == KeyPathLayout.Component.computedKind
        if previousIsStep { steps.append(Step(component: component)) }
      }
    }
    guard checked > 0 else { return nil }
    return IndexedSteps(steps: Array(steps[..<checked]), keyPath: keyPath, site: site())
  }

  /// Follows a read of an `@Observed` property, whose wrapped key path is `property`
  /// (`nil` for a read through the projection), of `subject`, stored `storageOffset`
  /// bytes into it, which returned `value`: stops when it is the step an `Array`
  /// subscript follows and the subscript's index is out of `value`'s range.
  func follow<Value>(_ property: AnyKeyPath?, of subject: AnyObject, storedAt storageOffset: Int, returning value: Value)
  {
    guard next < steps.count else { return }
    let step = steps[next]
    guard let property, let read = KeyPathLayout.components(of: property), read.count == 1,
      read[0].hasSameID(as: step.component)
    else {
      next = steps.count
      return
    }
    next += 1
    readFields.append((type(of: subject), storageOffset))
    guard let index = step.index, let array = value as? any Collection else { return }
    let count = array.count
    guard index < 0 || index >= count else { return }
    let names = readFields.map { ReflectedProperty.observedField(in: $0.type, storedAt: $0.offset)?.name }
    let name = names.last.flatMap { $0.map { "\\\(type(of: subject)).\($0)" } } ?? PropertyName.ofKeyPath(property)
    Misuse.indexOutOfRange(
      index,
      of: name,
      count: count,
      inObserved: writtenName(naming: names),
      on: type(of: keyPath).rootType,
      at: site
    )
  }

  /// The key path as written, as far as it can be told: each `Array` subscript as its
  /// index, and the components of the steps read so far by the names of their
  /// properties, `names`, where found.
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
        replacements.append(step < names.count ? names[step].map { ".\($0)" } : nil)
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
