/// The names of `@Observed` properties, by the identity of their key path components: what
/// names a computed component of a key path where no object is there to reflect (the
/// steps after a `nil` in `\.document?.title`).
///
/// The program's symbol table names the property a component is (its ID is the property's
/// getter, or its method descriptor: `App.Document.title.getter`), unless the program was
/// stripped; it is taken for an `@Observed` property only where the type the component is
/// read on stores one of that name (``symbolName(of:)``, ``observedField(named:in:)``).
/// Otherwise a component is learned when a name is found for it with its object there — by
/// ``PropertyName`` reflecting the objects a key path read, by a description naming a
/// token on one property, or by ``IndexedSteps`` following an evaluation's reads — and
/// reused for the same component (the same property of the same class, see
/// ``KeyPathLayout``) in any key path, with or without an object.
/// So a step after a `nil` is named as it was named when an object was there, and keeps
/// the runtime's form until then: a computed property that is not `@Observed` is never
/// found as one, so never learned, whatever its type.
enum ObservedPropertyNames {
  private struct Key: Hashable {
    let id: UInt
    let flags: UInt32

    init?(_ component: KeyPathLayout.Component) {
      guard let id = component.id else { return nil }
      self.id = id.value
      self.flags = id.flags
    }
  }

  /// A learned property: its name, or where it is stored (named when first asked, by
  /// ``PropertyName/knownName(of:on:)``, which reflects the type).
  enum Found: @unchecked Sendable {
    case name(String)
    // A metatype, which is immutable and lives as long as the program.
    case field(type: Any.Type, offset: Int)
  }

  /// The package's own lock box, which ThreadSanitizer sees (see ``Lock``).
  private static let found = Locked<[Key: Found]>([:])

  /// Learns that `component` is the `@Observed` property `name`.
  static func learn(_ component: KeyPathLayout.Component, name: String) {
    guard let key = Key(component) else { return }
    found.withLock { $0[key] = .name(name) }
  }

  /// Learns that `component` is the `@Observed` property stored `offset` bytes into
  /// objects of `type`; its name is found when first asked for.
  static func learn(_ component: KeyPathLayout.Component, storedAt offset: Int, in type: Any.Type) {
    guard let key = Key(component) else { return }
    found.withLock { found in
      if found[key] == nil { found[key] = .field(type: type, offset: offset) }
    }
  }

  /// Learns the names of `keyPath`'s first computed components, `names`, in order.
  static func learn(_ keyPath: AnyKeyPath, names: [String]) {
    guard let components = KeyPathLayout.components(of: keyPath) else { return }
    for (component, name) in zip(components.filter { $0.kind == KeyPathLayout.Component.computedKind }, names) {
      learn(component, name: name)
    }
  }

  /// What was learned of `component`: its name, or where its property is stored.
  static func learned(_ component: KeyPathLayout.Component) -> Found? {
    guard let key = Key(component) else { return nil }
    return found.withLock { $0[key] }
  }

  /// The name of the property `component` is, as the symbol table names its ID: `title`
  /// for `App.Document.title.getter` (or its method descriptor, or a merged copy of it);
  /// `nil` where no table names it, or it is not a property's (a subscript's).
  static func symbolName(of component: KeyPathLayout.Component) -> String? {
    // An ID that is an address, not a stored property's index or a vtable offset.
    guard let id = component.id, id.flags == 0 else { return nil }
    let names = SymbolTable.names(at: id.value)
    if !names.isEmpty { return names.lazy.compactMap(propertyName(inGetter:)).first }
    // An overridable property's ID is its getter's method descriptor, in its class's
    // descriptor, which an optimized build names only as part of the class's; it points
    // at the getter.
    return getter(describedAt: id.value).flatMap { getter in
      SymbolTable.names(at: getter).lazy.compactMap(propertyName(inGetter:)).first
    }
  }

  /// The getter a method descriptor at `address` describes: the descriptor's flags, then a
  /// relative pointer to the implementation. `nil` unless the flags are an instance getter's.
  /// (Read only where the symbol table has no name for the address, which a component's
  /// ID always points into the program's image at: if it is code, the flags or the
  /// implementation's name refuse it.)
  private static func getter(describedAt address: UInt) -> UInt? {
    guard let descriptor = UnsafeRawPointer(bitPattern: address) else { return nil }
    let flags = descriptor.loadUnaligned(as: UInt32.self)
    // `MethodDescriptorFlags`: the kind in the low four bits (a getter is 2), then whether
    // it is an instance member.
    guard flags & 0x0F == 2, flags & 0x10 != 0 else { return nil }
    let offset = descriptor.loadUnaligned(fromByteOffset: 4, as: Int32.self)
    guard offset != 0 else { return nil }
    return UInt(bitPattern: Int(bitPattern: address) + 4 + Int(offset))
  }

  /// The property a getter's demangled symbol names: the step before `getter`, the last
  /// before the type after ` : `. Steps are split at dots outside parentheses and angle
  /// brackets (`App.(Hidden in _7F2E).secret.getter`, `Lib.Generic<A>.value.getter`).
  private static func propertyName(inGetter symbol: String) -> String? {
    var steps: [Substring] = []
    var depth = 0
    var start = symbol.startIndex
    scan: for index in symbol.indices {
      switch symbol[index] {
      case "(", "<": depth += 1
      case ")", ">": depth -= 1
      case "." where depth == 0:
        steps.append(symbol[start..<index])
        start = symbol.index(after: index)
      case " " where depth == 0 && symbol[index...].hasPrefix(" : "):
        steps.append(symbol[start..<index])
        break scan
      default: break
      }
    }
    guard steps.count >= 3, steps.last == "getter", let name = steps.dropLast().last, let first = name.first,
      first == "_" || first.isLetter, name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
    else { return nil }
    return String(name)
  }

  /// Where the storage of `type`'s `@Observed` property `name` lies in an instance (its
  /// own or a superclass's); `nil` when it has no such property.
  static func observedField(named name: String, in type: Any.Type) -> Int? {
    let storageName = "_" + name
    var found: Int?
    StoredFields.forEach(of: type) { fieldName, offset, fieldType in
      guard fieldName == storageName else { return true }
      if fieldType is any ObservedStorageInPlace.Type { found = offset }
      return false
    }
    return found
  }
}
