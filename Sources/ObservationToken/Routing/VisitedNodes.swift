/// The nodes a long walk has visited, by identity: a set of addresses in open addressing
/// with linear probing, at most half full. An insertion costs a multiplication and a probe
/// or two, where `Set<ObjectIdentifier>` hashes with SipHash (about 250 instructions a
/// node, and 7,300 a post at 100 nodes to grow, callgrind). Nothing is ever removed.
struct VisitedNodes {
  /// The addresses, 0 for an empty slot; a power of two, or none before the first insert.
  private var slots: [UInt] = []
  private var count = 0
  /// How far a product is shifted right to leave the bits that index `slots`.
  private var shift = 0

  /// Adds `node`; whether it was not there already.
  @discardableResult
  mutating func insert(_ node: ObjectIdentifier) -> Bool {
    insert(address: UInt(bitPattern: node))
  }

  private mutating func insert(address: UInt) -> Bool {
    if count * 2 >= slots.count { grow() }
    var index = slot(for: address)
    while slots[index] != 0 {
      if slots[index] == address { return false }
      index = (index + 1) & (slots.count - 1)
    }
    slots[index] = address
    count += 1
    return true
  }

  /// Where `address` is looked for first: the high bits of a Fibonacci product, which
  /// depend on every bit of the address (objects' addresses differ only in the middle).
  private func slot(for address: UInt) -> Int {
    Int(truncatingIfNeeded: (address &* Self.multiplier) &>> UInt(shift))
  }

  private static var multiplier: UInt { UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64) }

  /// Doubles the slots (32 at first) and puts the addresses back.
  private mutating func grow() {
    let old = slots
    let capacity = Swift.max(32, old.count * 2)
    slots = Array(repeating: 0, count: capacity)
    shift = UInt.bitWidth - capacity.trailingZeroBitCount
    count = 0
    for address in old where address != 0 { _ = insert(address: address) }
  }
}

