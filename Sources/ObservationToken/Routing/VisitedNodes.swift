/// The nodes a long walk has visited, by address: a set in open addressing with linear
/// probing, at most half full. An insertion costs a multiplication and a probe or two,
/// where `Set<ObjectIdentifier>` hashes with SipHash and grows (see INVARIANTS). Nothing
/// is ever removed.
struct VisitedNodes: ~Copyable {
  /// The addresses, 0 for an empty slot: `mask + 1` of them, a power of two; none before
  /// the first insertion.
  private var slots: UnsafeMutablePointer<UInt>?
  private var mask = 0
  private var count = 0
  /// How far a product is shifted right to leave the bits that index the slots.
  private var shift = 0

  init() {}

  deinit {
    slots?.deallocate()
  }

  /// Adds a node's address; whether it was not there already.
  @discardableResult
  mutating func insert(_ address: UInt) -> Bool {
    if count &* 2 >= mask { grow() }
    let slots = slots!
    var index = Int(truncatingIfNeeded: (address &* Self.multiplier) &>> UInt(shift))
    while slots[index] != 0 {
      if slots[index] == address { return false }
      index = (index &+ 1) & mask
    }
    slots[index] = address
    count &+= 1
    return true
  }

  /// Fibonacci hashing: the high bits of the product depend on every bit of the address
  /// (objects' addresses differ in their middle bits).
  private static var multiplier: UInt { UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64) }

  /// Doubles the slots (64 at first: a walk records its first 16 nodes at once) and puts
  /// the addresses back.
  private mutating func grow() {
    let old = slots
    let oldCapacity = old == nil ? 0 : mask + 1
    let capacity = Swift.max(64, oldCapacity * 2)
    slots = .allocate(capacity: capacity)
    slots!.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
    shift = UInt.bitWidth - capacity.trailingZeroBitCount
    count = 0
    guard let old else { return }
    for index in 0..<oldCapacity where old[index] != 0 { insert(old[index]) }
    old.deallocate()
  }
}
