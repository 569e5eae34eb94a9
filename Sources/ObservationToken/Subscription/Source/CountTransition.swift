/// A subscriber list's count going from zero to one or from one to zero, numbered from 1 in
/// the order the list made them: odd serials are firsts, even ones lasts.
struct CountTransition: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// The first subscriber arrived.
    case first
    /// The last subscriber left.
    case last
  }

  let kind: Kind
  let serial: UInt64
}
