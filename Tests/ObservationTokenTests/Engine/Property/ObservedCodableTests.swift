import Foundation
import ObservationToken
import Testing

@Suite("Codable models with @Observed properties")
struct ObservedCodableTests {
  private static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private static func decode<Model: Decodable>(_ type: Model.Type, _ json: String) throws -> Model {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  @Test("A model encodes each @Observed property under the property's own name, as its value")
  func encodesUnderOwnName() throws {
    let note = Note()
    note.title = "Draft"
    #expect(try Self.json(note) == #"{"title":"Draft"}"#)
  }

  @Test("A model decodes each @Observed property from the property's own name")
  func decodesFromOwnName() throws {
    let note = try Self.decode(Note.self, #"{"title":"Draft"}"#)
    #expect(note.title == "Draft")
  }

  @Test("A model round-trips through JSON, collections included")
  func roundTrips() throws {
    let document = CodableDocument()
    document.title = "Draft"
    document.tags = ["swift", "kvo"]
    document.subtitle = "notes"
    document.comment = "plain"
    let decoded = try Self.decode(CodableDocument.self, try Self.json(document))
    #expect(decoded.title == "Draft")
    #expect(decoded.tags == ["swift", "kvo"])
    #expect(decoded.subtitle == "notes")
    #expect(decoded.comment == "plain")
    #expect(try Self.json(decoded) == Self.json(document))
  }

  @Test("A decoded model is observable like any other")
  func decodedModelIsObservable() throws {
    let document = try Self.decode(CodableDocument.self, #"{"title":"Draft","tags":["a"]}"#)
    var changes: [[String?]] = []
    let token = document.observe(\.title) { _, change in changes.append([change.oldValue, change.newValue]) }
    var kinds: [KeyValueChange.Kind] = []
    let tags = document.observe(\.tags) { _, change in kinds.append(change.kind) }
    document.title = "Final"
    document.$tags.append("b")
    document.tags.append("c")
    token.invalidate()
    tags.invalidate()
    #expect(changes == [["Draft", "Final"]])
    #expect(kinds == [.insertion, .setting])
    #expect(document.tags == ["a", "b", "c"])
  }

  @Test("Observers are not encoded: an observed model encodes as an unobserved one")
  func observersAreNotEncoded() throws {
    let note = Note()
    note.title = "Draft"
    let unobserved = try Self.json(note)
    let token = note.observe(\.title) { _, _ in }
    #expect(try Self.json(note) == unobserved)
    token.invalidate()
  }

  @Test("An optional @Observed property is omitted when nil, as a plain optional property is")
  func nilOptionalIsOmitted() throws {
    let document = CodableDocument()
    #expect(try Self.json(document) == #"{"tags":[],"title":"Untitled"}"#)
  }

  @Test(
    "An optional @Observed property decodes nil from a missing key or null, as a plain optional property does",
    arguments: [#"{"title":"A","tags":[]}"#, #"{"title":"A","tags":[],"subtitle":null,"comment":null}"#]
  )
  func missingOptionalDecodesNil(json: String) throws {
    let document = try Self.decode(CodableDocument.self, json)
    #expect(document.subtitle == nil)
    #expect(document.comment == nil)
    #expect(document.title == "A")
  }

  @Test("A missing non-optional @Observed property fails to decode, as a plain property does")
  func missingValueFails() {
    #expect(throws: DecodingError.self) { try Self.decode(Note.self, "{}") }
  }
}
