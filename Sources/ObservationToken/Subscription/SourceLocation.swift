/// Where in the source a call was made, kept past the call: for an event's description,
/// and for a misuse stop decided after the call has returned.
///
/// 14 bytes: the file is kept as the address and length of the compiler's `#fileID`
/// literal, which lives as long as the program, and the line as 32 bits.
@usableFromInline
struct SourceLocation: Sendable {
  /// The file's UTF-8 text; `nil` when unknown. Static data, never freed.
  private nonisolated(unsafe) let file: UnsafePointer<UInt8>?
  private let line: UInt32
  private let fileLength: UInt16

  init(file: StaticString, line: UInt) {
    let isKnown = file.hasPointerRepresentation && file.utf8CodeUnitCount > 0 && file.utf8CodeUnitCount <= UInt16.max
    self.file = isKnown ? file.utf8Start : nil
    self.fileLength = isKnown ? UInt16(file.utf8CodeUnitCount) : 0
    self.line = UInt32(truncatingIfNeeded: line)
  }

  /// `Module/File.swift:12`, or `nil` when the file is unknown.
  var description: String? {
    guard let file else { return nil }
    return "\(String(decoding: UnsafeBufferPointer(start: file, count: Int(fileLength)), as: UTF8.self)):\(line)"
  }
}
