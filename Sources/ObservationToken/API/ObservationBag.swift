/// A collection of tokens that end together, for objects such as reusable cells that
/// start and stop a group of observations at once.
///
/// ```swift
/// var bag = ObservationBag()
/// document.observe(\.isFavorite) { _, _ in }.store(in: &bag)
/// document.bind(\.title, to: cell, \.titleText).store(in: &bag)
/// bag.removeAll()   // every observation has ended
/// ```
///
/// Releasing the bag releases its tokens, which ends their observations (unless you keep
/// another reference to a token). Like any value, a bag shared between threads needs
/// your own synchronization; the tokens in it are safe from any thread.
public struct ObservationBag: Sendable {
  private var tokens: [ObservationToken] = []

  /// Creates an empty bag.
  public init() {}

  /// The number of tokens in the bag.
  public var count: Int { tokens.count }

  /// Whether the bag holds no tokens.
  public var isEmpty: Bool { tokens.isEmpty }

  /// Adds a token; the same as `token.store(in: &bag)`.
  public mutating func insert(_ token: ObservationToken) {
    tokens.append(token)
  }

  /// Invalidates every token in the bag and empties it.
  ///
  /// When this returns, no handler of those tokens starts again.
  public mutating func removeAll() {
    let removed = tokens
    tokens = []
    for token in removed { token.invalidate() }
  }
}

extension ObservationToken {
  /// Keeps the token in `bag` until the bag is emptied or released.
  public func store(in bag: inout ObservationBag) {
    bag.insert(self)
  }
}
