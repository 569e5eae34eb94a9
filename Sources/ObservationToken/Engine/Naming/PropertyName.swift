/// Names properties and key paths in messages, errors and descriptions, as written in
/// source: `\Document.title`, `\DocumentCell.document?.title`.
///
/// The runtime cannot name computed key path components, and `@Observed` properties are
/// computed: it prints `\Document.<computed (String)>`. Where the `@Observed` properties a
/// key path reads are known, each such component is named by reflecting the objects (or,
/// for one property of the key path's root, its type and where the property's storage
/// lies) — on cold paths only. A computed property that is not `@Observed`
/// (`displayTitle`) keeps the runtime's form. The storage key path names a property, but
/// it must not escape the property's inlined accessors; only the collection projection,
/// which has it anyway, uses it.
@usableFromInline
enum PropertyName {
  /// A key path as the runtime prints it, without the code addresses it adds to
  /// computed components.
  static func ofKeyPath(_ keyPath: AnyKeyPath) -> String {
    var result = ""
    var rest = Substring(String(describing: keyPath))
    while let start = rest.firstRange(of: " 0x") {
      result += rest[..<start.lowerBound]
      rest = rest[start.upperBound...].drop(while: \.isHexDigit)
    }
    return result + rest
  }

  /// `keyPath`, which read the properties of `lists` in that order starting from `root`,
  /// with each of them named: `\DocumentCell.document?.title`. Each property after the
  /// first is looked for on the object the one before holds, as a chain reads them.
  /// Falls back to the runtime's form unless every computed component is one of those
  /// properties, in order and of its value type, and the last of them holds the very
  /// `value` the key path gave (a computed property that reads one `@Observed` property of
  /// its own type, such as `title.uppercased()`, is not that property).
  static func of(_ keyPath: AnyKeyPath, reading lists: [SubscriberSource], from root: AnyObject, value: Any?) -> String
  {
    let text = ofKeyPath(keyPath)
    guard let value, let read = properties(reading: lists, from: root), let last = read.last,
      ValueIdentity.same(last.value, value), computedComponents(in: text).count == read.count,
      symbolsAgree(with: read.map(\.name), in: keyPath)
    else { return walking(keyPath, reading: lists, from: root, value: value) }
    let named = naming(text, read.map { ($0.name, $0.valueType) })
    if named != text { ObservedPropertyNames.learn(keyPath, names: read.map(\.name)) }
    return named
  }

  /// Whether the symbol table names no computed component of `keyPath` otherwise than
  /// `names`, in order: a computed property that reads an `@Observed` one of its type
  /// (`var current: Document? { selected }`) is not that property.
  private static func symbolsAgree(with names: [String], in keyPath: AnyKeyPath) -> Bool {
    guard let steps = computedSteps(of: keyPath) else { return true }
    return zip(steps, names).allSatisfy { symbolAgrees($0.component, with: $1) }
  }

  /// Whether the symbol table names `component` `name`, or not at all.
  private static func symbolAgrees(_ component: KeyPathLayout.Component, with name: String) -> Bool {
    ObservedPropertyNames.symbolName(of: component).map { $0 == name } ?? true
  }

  /// `keyPath`, which read the properties of `lists` in that order starting from `root`,
  /// with each computed component named that can be told: the key path's steps are
  /// followed from `root` — a stored step (which the runtime names) by reflecting the
  /// object it is on, a computed one as the `@Observed` property, of that object, whose
  /// list is the next read's. Where an optional along the way is `nil`, the property is
  /// found from the type alone, by where the next read's property is stored. Naming stops
  /// at the first computed component that is not such a property, which keeps the
  /// runtime's form, as does every one after it; the last component is named only when
  /// the property holds the very `value` the key path gave (see ``of(_:reading:from:value:)``),
  /// unless `checksLastValue` is `false`: for a stop's message, which has no value to check.
  /// The components after the first that could not be named so are named as the
  /// `@Observed` properties they are, where learned (see ``ObservedPropertyNames``).
  static func walking(
    _ keyPath: AnyKeyPath,
    reading lists: [SubscriberSource],
    from root: AnyObject,
    value: Any?,
    checksLastValue: Bool = true
  ) -> String {
    let text = ofKeyPath(keyPath)
    let rootPrefix = "\\\(type(of: keyPath).rootType)."
    guard text.hasPrefix(rootPrefix) else { return text }
    let components = computedComponents(in: text)
    var current: Any? = root
    var currentType: Any.Type? = type(of: root)
    var readIndex = 0
    var names: [(whole: Range<String.Index>, name: String)] = []
    var position = text.index(text.startIndex, offsetBy: rootPrefix.count)
    let steps = computedSteps(of: keyPath)
    let computedLayout = steps?.count == components.count ? steps : nil
    for (offset, component) in components.enumerated() {
      for step in text[position..<component.whole.lowerBound].split(separator: ".") {
        let name = step.drop(while: { $0 == "?" || $0 == "!" }).prefix(while: { $0 != "?" && $0 != "!" })
        if !name.isEmpty { (current, currentType) = storedStep(String(name), of: current) }
      }
      // `Array`'s own subscript (`tags[1]`), named by its index, with the dot before it.
      if let index = computedLayout.flatMap({ arrayIndex(of: $0[offset].component) }) {
        names.append((text.index(before: component.whole.lowerBound)..<component.whole.upperBound, "[\(index)]"))
        current = current.flatMap { element(at: index, of: $0) }
        currentType = current.map { type(of: $0) }
        position = component.whole.upperBound
        continue
      }
      guard readIndex < lists.count,
        let found = observedProperty(listedIn: lists[readIndex], of: current, type: currentType),
        text[component.valueType] == String(describing: found.valueType),
        // A computed property that read it first (`current` over `selected`, `all` over
        // `pinned + items`) is not it, where the symbol table tells them apart.
        computedLayout.map({ symbolAgrees($0[offset].component, with: found.name) }) ?? true
      else { break }
      if checksLastValue, offset == components.count - 1 {
        guard let value, let held = found.value, ValueIdentity.same(held, value) else { break }
      }
      names.append((component.whole, found.name))
      current = found.value
      currentType = found.valueType
      readIndex += 1
      position = component.whole.upperBound
    }
    // What was named here is learned; where an object along the way is missing (`nil`, or
    // not read), the rest are named as the properties their components were found to be.
    if let layout = computedLayout {
      for ((component, _), name) in zip(layout, names) where arrayIndex(of: component) == nil {
        ObservedPropertyNames.learn(component, name: name.name)
      }
      for offset in names.count..<components.count {
        let whole = components[offset].whole
        if let index = arrayIndex(of: layout[offset].component) {
          names.append((text.index(before: whole.lowerBound)..<whole.upperBound, "[\(index)]"))
        } else if let name = knownName(of: layout[offset].component, on: layout[offset].base) {
          names.append((whole, name))
        }
      }
    }
    var named = text
    for (whole, name) in names.reversed() { named.replaceSubrange(whole, with: name) }
    return named
  }

  /// `keyPath`, which takes `Array`'s own subscript, as far as it can be told: each such
  /// subscript as its index, the properties its evaluation read, in order, by `names`
  /// (`nil` where one was not found), which are learned, and the rest where learned (see
  /// ``ObservedPropertyNames``). For a stop, mid-evaluation: nothing is read again.
  static func ofSubscripted(_ keyPath: AnyKeyPath, reading names: [String?]) -> String {
    var text = ofKeyPath(keyPath)
    guard let layout = computedSteps(of: keyPath) else { return text }
    let components = computedComponents(in: text)
    guard components.count == layout.count else { return text }
    var read = names.makeIterator()
    var replacements: [(Range<String.Index>, String)] = []
    for ((component, base), printed) in zip(layout, components) {
      if let index = arrayIndex(of: component) {
        replacements.append((text.index(before: printed.whole.lowerBound)..<printed.whole.upperBound, "[\(index)]"))
      } else if let found = read.next() {
        if let found { ObservedPropertyNames.learn(component, name: found) }
        if let name = found ?? knownName(of: component, on: base) { replacements.append((printed.whole, name)) }
      } else if let name = knownName(of: component, on: base) {
        replacements.append((printed.whole, name))
      }
    }
    for (range, name) in replacements.reversed() { text.replaceSubrange(range, with: name) }
    return text
  }

  /// The name, as written, of the `@Observed` property that `component`, read on a `base`,
  /// is known to be without an object to reflect: as the symbol table names it, where
  /// `base` stores an `@Observed` property of that name; where the table names nothing, as
  /// it was found to be (see
  /// ``ObservedPropertyNames``; where only its storage was learned, named now, from its
  /// type, and kept).
  static func knownName(of component: KeyPathLayout.Component, on base: Any.Type) -> String? {
    // The table, where it names the component, is the one answer: what was learned may be
    // another property its getter read (see ``IndexedSteps``).
    if let name = ObservedPropertyNames.symbolName(of: component) {
      return ObservedPropertyNames.observedField(named: name, in: base) != nil ? name : nil
    }
    switch ObservedPropertyNames.learned(component) {
    case .name(let name): return name
    case .field(let type, let offset):
      guard let name = ReflectedProperty.observedField(in: type, storedAt: offset)?.name else { return nil }
      ObservedPropertyNames.learn(component, name: name)
      return name
    case nil: return nil
    }
  }

  /// `keyPath`'s computed components, first to last, each with the type it is read on:
  /// the root for the first step, else what the step before gives, without optionals.
  /// `nil` when the layout is not readable.
  private static func computedSteps(of keyPath: AnyKeyPath) -> [(component: KeyPathLayout.Component, base: Any.Type)]? {
    guard let components = KeyPathLayout.components(of: keyPath) else { return nil }
    var base = type(of: keyPath).rootType
    var steps: [(component: KeyPathLayout.Component, base: Any.Type)] = []
    for component in components {
      if component.kind == KeyPathLayout.Component.computedKind { steps.append((component, wrappedType(base))) }
      base = component.valueType ?? type(of: keyPath).valueType
    }
    return steps
  }

  /// The index of `component` when it is `Array`'s own subscript (`tags[1]`).
  private static func arrayIndex(of component: KeyPathLayout.Component) -> Int? {
    guard let arraySubscript = KeyPathLayout.arraySubscript, component.hasSameID(as: arraySubscript) else { return nil }
    return component.intArgument
  }

  /// The element at `index` of `value`, an array or an optional holding one; `nil` where
  /// there is none.
  private static func element(at index: Int, of value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional { return mirror.children.first.flatMap { element(at: index, of: $0.value) } }
    guard index >= 0 else { return nil }
    return mirror.children.dropFirst(index).first?.value
  }

  /// What the stored property `name` of `value` (an object, or an optional holding one)
  /// holds, and its type; `nil`, and the type where it is known, when it cannot be read.
  private static func storedStep(_ name: String, of value: Any?) -> (Any?, Any.Type?) {
    guard let value, let object = ReflectedProperty.object(in: value) else { return (nil, nil) }
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      if let child = current.children.first(where: { $0.label == name }) {
        return (child.value, type(of: child.value))
      }
      mirror = current.superclassMirror
    }
    return (nil, nil)
  }

  /// The `@Observed` property whose list is `list`: found on the object `value` is or holds;
  /// where that is `nil` (`type` is then an optional's wrapped class), or another object
  /// than the one read, from the type alone, by where the property is stored.
  private static func observedProperty(
    listedIn list: SubscriberSource,
    of value: Any?,
    type: Any.Type?
  ) -> (name: String, valueType: Any.Type, value: Any?)? {
    var type = type
    if let value, let object = ReflectedProperty.object(in: value) {
      if let found = ReflectedProperty.all(of: object).first(where: { $0.observers?.source === list }) {
        return (found.name, found.valueType, found.value)
      }
      // Another object than the one read, since replaced: the same property of its type.
      type = Swift.type(of: object)
    }
    guard let type = type.map(wrappedType), type is AnyClass,
      let field = ReflectedProperty.observedField(in: type, storedAt: list.storageOffset)
    else { return nil }
    return (field.name, field.valueType, nil)
  }

  /// `type` without the optionals around it.
  private static func wrappedType(_ type: Any.Type) -> Any.Type {
    guard let optional = type as? any OptionalType.Type else { return type }
    return wrappedType(optional.wrappedType)
  }

  /// The `@Observed` properties of `lists`, read in that order as a chain reads them:
  /// the first on `root`, each other on the object the one before holds; `nil` when one
  /// is not found so.
  static func properties(reading lists: [SubscriberSource], from root: AnyObject) -> [ReflectedProperty]? {
    var object: AnyObject? = root
    var read: [ReflectedProperty] = []
    for list in lists {
      guard let current = object,
        let found = ReflectedProperty.all(of: current).first(where: { $0.observers?.source === list })
      else { return nil }
      read.append(found)
      object = found.object
    }
    return read
  }

  /// The step `keyPath` takes after the computed components that are `properties`, as
  /// written (`notes`, or `<computed (Int)>`); `nil` when the key path ends there, or its
  /// first components are not those properties.
  static func step(after properties: [(name: String, valueType: Any.Type)], in keyPath: AnyKeyPath) -> String? {
    let text = ofKeyPath(keyPath)
    let components = computedComponents(in: text)
    guard !properties.isEmpty, components.count >= properties.count,
      zip(components, properties).allSatisfy({ text[$0.valueType] == String(describing: $1.valueType) })
    else { return nil }
    let rest = text[components[properties.count - 1].whole.upperBound...].drop(while: { $0 == "?" || $0 == "!" })
    guard rest.first == "." else { return nil }
    let step = rest.dropFirst()
    if step.hasPrefix("<computed (") {
      return String(step[..<components[properties.count].whole.upperBound])
    }
    return String(step.prefix(while: { $0 != "." && $0 != "?" && $0 != "!" }))
  }

  /// `keyPath`, known to be exactly one `@Observed` property of its root type (a direct
  /// registration), named from the type alone: the property whose storage lies
  /// `storageOffset` bytes from the object's start (see ``SubscriberSource/storageOffset``).
  /// The runtime's form unless that storage is an `@Observed` property of the key path's
  /// value type; a name found is learned (see ``ObservedPropertyNames``).
  static func of(_ keyPath: AnyKeyPath, storedAt storageOffset: Int) -> String {
    let types = type(of: keyPath)
    guard let field = ReflectedProperty.observedField(in: types.rootType, storedAt: storageOffset),
      ObjectIdentifier(field.valueType) == ObjectIdentifier(types.valueType)
    else { return ofKeyPath(keyPath) }
    ObservedPropertyNames.learn(keyPath, names: [field.name])
    return naming(ofKeyPath(keyPath), [(field.name, types.valueType)])
  }

  /// The steps `keyPath` takes before its first computed component, as written
  /// (`\Holder.plain`, or `\Holder.settings.inner`): stored properties, which the runtime
  /// names. When the key path starts with a computed component, that component, in the
  /// runtime's form (`\Holder.<computed (Optional<Plain>)>`).
  static func leadingSteps(of keyPath: AnyKeyPath) -> String {
    let text = ofKeyPath(keyPath)
    guard let first = computedComponents(in: text).first else { return text }
    // The runtime prints the root as `\Holder.`, even for a nested type.
    if text[..<first.whole.lowerBound] == "\\\(type(of: keyPath).rootType)." {
      return String(text[..<first.whole.upperBound])
    }
    var steps = text[..<first.whole.lowerBound].dropLast()
    while steps.last == "?" || steps.last == "!" { steps = steps.dropLast() }
    return String(steps)
  }

  /// `keyPath` with its first computed components named as `properties`, which a chain
  /// check found it reads before steps that read nothing (see ``ChainLastStep``).
  static func of(_ keyPath: AnyKeyPath, startingWith properties: [ReflectedProperty]) -> String {
    naming(ofKeyPath(keyPath), properties.map { ($0.name, $0.valueType) }, all: false)
  }

  /// `text` with its computed components replaced by `properties`' names, when they are as
  /// many (or, unless `all`, the first of them) and of the same value types, in order;
  /// otherwise `text` unchanged.
  private static func naming(
    _ text: String,
    _ properties: [(name: String, valueType: Any.Type)],
    all: Bool = true
  ) -> String {
    let components = computedComponents(in: text).prefix(all ? .max : properties.count)
    guard components.count == properties.count,
      zip(components, properties).allSatisfy({ text[$0.valueType] == String(describing: $1.valueType) })
    else { return text }
    var named = text
    for (component, property) in zip(components, properties).reversed() {
      named.replaceSubrange(component.whole, with: property.name)
    }
    return named
  }

  /// Where the runtime printed `<computed (Type)>`: the whole component, and the type.
  private typealias ComputedComponent = (whole: Range<String.Index>, valueType: Range<String.Index>)

  private static func computedComponents(in text: String) -> [ComputedComponent] {
    var components: [ComputedComponent] = []
    var rest = text[...]
    while let opening = rest.firstRange(of: "<computed (") {
      // The type may hold parentheses of its own, such as a tuple's.
      var depth = 1
      var index = opening.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
        index = rest.index(after: index)
      }
      guard depth == 0, index < rest.endIndex, rest[index] == ">" else { break }
      let end = rest.index(after: index)
      components.append((opening.lowerBound..<end, opening.upperBound..<rest.index(before: index)))
      rest = rest[end...]
    }
    return components
  }
}

/// An optional's type, which names the type it wraps.
private protocol OptionalType {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
