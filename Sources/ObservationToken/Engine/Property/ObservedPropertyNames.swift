/// The names of `@Observed` properties found so far, by the identity of their key path
/// components: what names a computed component of a key path where no object is there to
/// reflect (the steps after a `nil` in `\.document?.title`).
///
/// A component is learned when a name is found for it with its object there — by
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
  /// ``PropertyName/learnedName(of:)``, which reflects the type).
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
}
