@_spi(Reflection) import Swift

/// The stored fields of a class, found from its type alone, with no instance: what names an
/// `@Observed` property where no object is there to reflect, and finds where a class keeps
/// its first one.
enum StoredFields {
  /// Calls `body` with the name, the offset in an instance and the type of each stored
  /// field of `type` — its superclasses' included — until `body` returns `false`; nothing
  /// for a type that is not a class.
  static func forEach(of type: Any.Type, _ body: (_ name: String, _ offset: Int, _ type: Any.Type) -> Bool) {
    // `.classType`, which Swift 6 cannot read: the standard library declares it a `static
    // var`. A class's fields are listed with its superclasses', each at its offset in an
    // instance; without it, a class lists none.
    _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, offset, fieldType, _ in
      body(String(cString: name), offset, fieldType)
    }
  }
}
