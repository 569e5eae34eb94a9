import Synchronization

/// Where a subscription was made, in 32 bits: for an object with four bytes to spare and not
/// eight (a ``SubscriptionDecorator``, in the padding after its gate).
///
/// The line is kept in the low 16 bits, and the file in the high 16 as its place, plus one,
/// in a table of the files seen so far: the addresses of their `#fileID` literals, which
/// are static data of the program. The table is found without a lock — a file's address
/// hashes to a slot, and a probe stops at its address or at an empty slot it then claims —
/// so keeping a location costs a hash and a load. A location that does not fit (a line past
/// 65,535, a file that is not a literal, or a table already full of other files) is kept as
/// unknown.
@usableFromInline
struct PackedSourceLocation: Sendable {
  private let bits: UInt32

  /// No location: what a subscription made without one keeps.
  @usableFromInline static let unknown = PackedSourceLocation(bits: 0)

  private init(bits: UInt32) {
    self.bits = bits
  }

  /// The location of `file` and `line`, as the caller's `#fileID` and `#line` give them.
  @usableFromInline
  init(file: StaticString, line: UInt) {
    guard file.hasPointerRepresentation, line <= 0xFFFF, let slot = SourceFiles.slot(of: file.utf8Start) else {
      bits = 0
      return
    }
    bits = UInt32(slot + 1) << 16 | UInt32(line)
  }

  /// `Module/File.swift:12`, or `nil` when unknown.
  var description: String? {
    guard bits >> 16 != 0, let file = SourceFiles.file(at: Int(bits >> 16) - 1) else { return nil }
    return "\(String(cString: file)):\(bits & 0xFFFF)"
  }
}

/// The `#fileID` literals that made a ``PackedSourceLocation``, each in a slot of its own
/// for the program's life.
private enum SourceFiles {
  /// A power of two, below 65,535 so that a slot plus one fits 16 bits.
  static let count = 4096

  /// Each slot holds a literal's address, or zero while empty; a slot once claimed never
  /// changes. Allocated once, never freed.
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Atomic<UInt>> = {
    let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
    for index in 0..<count { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }()

  /// The slot of `file`, claimed if it had none; `nil` when every slot holds another file.
  static func slot(of file: UnsafePointer<UInt8>) -> Int? {
    let address = UInt(bitPattern: file)
    // Fibonacci hashing: the high bits of the product spread nearby addresses apart.
    var slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 52) & (count - 1)
    for _ in 0..<count {
      let held = slots[slot].load(ordering: .acquiring)
      if held == address { return slot }
      if held == 0 {
        let (claimed, found) = slots[slot].compareExchange(
          expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if claimed || found == address { return slot }
      }
      slot = (slot + 1) & (count - 1)
    }
    return nil
  }

  /// The literal in slot `slot`, as a C string (a `#fileID` literal is null-terminated).
  static func file(at slot: Int) -> UnsafePointer<CChar>? {
    UnsafePointer(bitPattern: slots[slot].load(ordering: .acquiring))
  }
}
