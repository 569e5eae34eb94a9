/// A small seeded generator (SplitMix64) for reproducible random tests.
///
/// The same seed gives the same numbers on every platform and toolchain: the helpers
/// below reduce with plain modulo arithmetic instead of the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same.
struct ReliabilityRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finalizer: spreads consecutive inputs (a base seed plus an index) into
  /// unrelated seeds.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next() % UInt64(bound))
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// `true` with the given probability, in percent.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  mutating func element<Element>(of elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// One of `choices`, each as likely as its weight.
  mutating func weighted<Choice>(_ choices: [(weight: Int, choice: Choice)]) -> Choice {
    var roll = below(choices.reduce(0) { $0 + $1.weight })
    for (weight, choice) in choices {
      if roll < weight { return choice }
      roll -= weight
    }
    return choices[choices.count - 1].choice
  }
}
