import Synchronization

/// The `@Observed` properties met so far, by the identity of their key path components:
/// what names a computed component of a key path where no object is there to reflect
/// (the steps after a `nil` in `\.document?.title`).
///
/// A property is learned when its observer list is first made, on any object: its
/// wrapped key path (`\Document.title`) gives the component's identity (see
/// ``KeyPathLayout``), and its storage's offset gives its name, by reflecting the type.
/// A component is named only when its identity is one learned so: a computed property
/// that is not `@Observed` never is, whatever its type, nor an override of an `@Observed`
/// property (its getter is its own). Until some object's property has had a list, its
/// component keeps the runtime's form.
@usableFromInline
enum ObservedPropertyNames {
  private struct Key: Hashable {
    let id: UInt
    let getter: UInt
    let flags: UInt32

    init?(_ component: KeyPathLayout.Component) {
      guard let id = component.id else { return nil }
      self.id = id.value
      self.getter = id.getter
      self.flags = id.flags
    }
  }

  /// Where each learned property is stored: in objects of `type`, `offset` bytes in.
  private struct Field: @unchecked Sendable {
    // A metatype, which is immutable and lives as long as the program.
    let type: Any.Type
    let offset: Int
  }

  private static let fields = Mutex<[Key: Field]>([:])

  /// Notes that `property`, the wrapped key path of an `@Observed` property of `type`
  /// (`\Document.title`), names the property stored `storageOffset` bytes into its
  /// objects. Called as the property's list is made, once per property and object.
  @usableFromInline
  static func learn(_ property: AnyKeyPath, storedAt storageOffset: Int, in type: Any.Type) {
    guard let components = KeyPathLayout.components(of: property), components.count == 1,
      let key = Key(components[0])
    else { return }
    fields.withLock { fields in
      if fields[key] == nil { fields[key] = Field(type: type, offset: storageOffset) }
    }
  }

  /// The name, as written, of the `@Observed` property that `component` is, if learned.
  static func name(of component: KeyPathLayout.Component) -> String? {
    guard let key = Key(component), let field = fields.withLock({ $0[key] }) else { return nil }
    return ReflectedProperty.observedField(in: field.type, storedAt: field.offset)?.name
  }

  /// The names of `keyPath`'s computed components, in order, where learned; `nil` when
  /// its layout cannot be read.
  static func names(inComputedComponentsOf keyPath: AnyKeyPath) -> [String?]? {
    guard let components = KeyPathLayout.components(of: keyPath) else { return nil }
    return components.filter { $0.kind == KeyPathLayout.Component.computedKind }.map { name(of: $0) }
  }
}
