/// An `@Observed` property encodes as its value alone, so a model that conforms to
/// `Encodable` writes each property under the property's own name.
///
/// ```swift
/// final class Note: KeyValueObservable, Codable { @Observed var title = "" }
/// try JSONEncoder().encode(note)   // {"title":"Draft"}
/// ```
///
/// The observers are not encoded. Encoding reads the storage, not the property: it is not
/// a read that a tracking scope or Swift Observation sees.
///
/// `Codable` is what a wrapper must carry for a class: the compiler synthesises it from
/// the stored properties. `Equatable`, `Hashable` and `Sendable` are not carried: no class
/// synthesises them, and a storage's observers have no place in its equality.
extension Observed: Encodable where Value: Encodable {
  /// Encodes the value as a single value.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

/// An `@Observed` property decodes from its value alone, so a model that conforms to
/// `Decodable` reads each property from the property's own name; a decoded model is
/// observable like any other.
extension Observed: Decodable where Value: Decodable {
  /// Creates the storage from a single value, with nobody observing it yet.
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(Value.self))
  }
}

/// An optional `@Observed` property is omitted when `nil`, as a plain optional property is.
extension KeyedEncodingContainer {
  /// Encodes an optional `@Observed` value under `key`, or nothing when it is `nil`.
  ///
  /// A model's synthesised `encode(to:)` calls this for its optional `@Observed`
  /// properties, as it calls `encodeIfPresent` for plain optional ones.
  ///
  /// - Parameters:
  ///   - value: The property's storage.
  ///   - key: The property's name.
  public mutating func encode<Wrapped: Encodable>(_ value: Observed<Wrapped?>, forKey key: Key) throws {
    try encodeIfPresent(value.value, forKey: key)
  }
}

/// An optional `@Observed` property may be missing or `null`, as a plain optional property may.
extension KeyedDecodingContainer {
  /// Decodes an optional `@Observed` value from `key`: `nil` when the key is missing or
  /// its value is `null`.
  ///
  /// A model's synthesised `init(from:)` calls this for its optional `@Observed`
  /// properties, as it calls `decodeIfPresent` for plain optional ones.
  ///
  /// - Parameters:
  ///   - type: The property's storage type.
  ///   - key: The property's name.
  /// - Returns: The storage, with nobody observing it yet.
  public func decode<Wrapped: Decodable>(_ type: Observed<Wrapped?>.Type, forKey key: Key) throws -> Observed<Wrapped?>
  {
    Observed(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
  }
}
