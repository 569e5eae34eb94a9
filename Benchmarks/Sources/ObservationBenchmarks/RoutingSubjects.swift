import ObservationToken

/// One subject, as the routing cases use it: a chain of owners of some length — a row
/// cell at the bottom, a screen at the top — on which an `Int` is posted at the bottom and
/// received, or a request answered, at the top. As with ``EventSubject``, the generic
/// cases are specialized for each adapter, so calls through it cost nothing.
protocol RoutingSubject {
  associatedtype Chain: AnyObject
  /// What a subscription or an answer returns: a token, the delegate object, nothing.
  associatedtype Handle

  /// A chain of `length` levels, with nobody subscribed or answering yet.
  static func makeChain(length: Int) -> Chain
  /// How many levels a post passes on its way to the top, counted by walking the chain:
  /// the check compares it with the length asked for.
  static func levels(_ chain: Chain) -> Int
  /// Subscribes, at the top, a handler that records each posted value
  /// (``Counter/record(_:)``).
  static func subscribe(_ chain: Chain, _ counter: Counter) -> Handle
  /// Ends a subscription or an answer now.
  static func cancel(_ handle: Handle, on chain: Chain)
  /// Posts `value` at the bottom.
  static func post(_ chain: Chain, _ value: Int)
  /// Posts `value` at the bottom as another event, which nobody subscribes to.
  static func postUnheard(_ chain: Chain, _ value: Int)
  /// Answers, at the top, a request carrying a row: records the row and responds with
  /// the row + 1.
  static func answer(_ chain: Chain, _ counter: Counter) -> Handle
  /// Asks at the bottom, carrying `row`; `nil` when nothing answers.
  static func request(_ chain: Chain, _ row: Int) -> Int?
}

/// The response every subject's answer gives for a request carrying `row`.
@inline(__always)
func routedResponse(_ row: Int) -> Int { row &+ 1 }

// MARK: - The floor: one stored closure

/// The least posting can cost: the screen holds one `(Int) -> Void`, and a post calls it,
/// however long the chain would be. A request calls one stored closure returning a value;
/// an event nobody subscribes to finds its closure `nil`.
final class FloorRoute {
  var handler: ((Int) -> Void)?
  /// The other event's closure, which nobody sets.
  var unheard: ((Int) -> Void)?
  var answer: ((Int) -> Int?)?
}

enum FloorRoutingSubject: RoutingSubject {
  static func makeChain(length: Int) -> FloorRoute { FloorRoute() }
  static func levels(_ chain: FloorRoute) -> Int { 1 }

  @inline(__always)
  static func subscribe(_ chain: FloorRoute, _ counter: Counter) {
    chain.handler = { [counter] value in counter.record(value) }
  }

  /// Clears both closures: a handle of the floor is no particular one.
  @inline(__always)
  static func cancel(_ handle: Void, on chain: FloorRoute) {
    chain.handler = nil
    chain.answer = nil
  }

  @inline(__always) static func post(_ chain: FloorRoute, _ value: Int) { chain.handler?(value) }
  @inline(__always) static func postUnheard(_ chain: FloorRoute, _ value: Int) { chain.unheard?(value) }

  @inline(__always)
  static func answer(_ chain: FloorRoute, _ counter: Counter) {
    chain.answer = { [counter] row in
      counter.record(row)
      return routedResponse(row)
    }
  }

  @inline(__always) static func request(_ chain: FloorRoute, _ row: Int) -> Int? { chain.answer?(row) }
}

// MARK: - Hand-written delegate forwarding

/// What each level tells the level above it, as a user would write it without a router:
/// one method per event and per request.
protocol RowDelegate: AnyObject {
  func rowDeleted(_ row: Int)
  /// The other event, which nobody up the chain cares about.
  func rowMoved(_ row: Int)
  func account(for row: Int) -> Int?
}

/// One level of the chain — a cell, a list, a screen: it holds the level above weakly
/// and forwards every call to it by hand. The bottom level starts a post by calling its
/// delegate; each level above forwards to its own.
final class DelegateLevel: RowDelegate {
  weak var delegate: RowDelegate?

  func rowDeleted(_ row: Int) { delegate?.rowDeleted(row) }
  func rowMoved(_ row: Int) { delegate?.rowMoved(row) }
  func account(for row: Int) -> Int? { delegate?.account(for: row) }
}

/// The delegate of the top level: what handles the events and answers the requests, as a
/// view controller would. Moves concern nobody: it ignores them.
final class DelegateHandler: RowDelegate {
  let counter: Counter

  init(_ counter: Counter) {
    self.counter = counter
  }

  func rowDeleted(_ row: Int) { counter.record(row) }
  func rowMoved(_ row: Int) {}

  func account(for row: Int) -> Int? {
    counter.record(row)
    return routedResponse(row)
  }
}

/// A chain of ``DelegateLevel``s, bottom first, each the delegate of the one below; and
/// the handler made for the counter last subscribed, which a subscription sets as the
/// top's delegate.
final class DelegateChain {
  let levels: [DelegateLevel]
  let bottom: DelegateLevel
  let top: DelegateLevel
  private var handler: DelegateHandler?

  init(length: Int) {
    levels = (0..<length).map { _ in DelegateLevel() }
    bottom = levels[0]
    top = levels[length - 1]
    for (below, above) in zip(levels, levels.dropFirst()) { below.delegate = above }
  }

  /// The handler for `counter`, made once: like a view controller, it exists before it
  /// becomes a delegate and outlives being one.
  func handler(recordingInto counter: Counter) -> DelegateHandler {
    if let handler, handler.counter === counter { return handler }
    let handler = DelegateHandler(counter)
    self.handler = handler
    return handler
  }
}

enum DelegateRoutingSubject: RoutingSubject {
  static func makeChain(length: Int) -> DelegateChain { DelegateChain(length: length) }

  /// The levels, following the delegates up from the bottom.
  static func levels(_ chain: DelegateChain) -> Int {
    var count = 1
    var level = chain.bottom
    while let above = level.delegate as? DelegateLevel {
      count += 1
      level = above
    }
    return count
  }

  /// Sets the handler as the top's delegate.
  @inline(__always)
  static func subscribe(_ chain: DelegateChain, _ counter: Counter) -> DelegateHandler {
    let handler = chain.handler(recordingInto: counter)
    chain.top.delegate = handler
    return handler
  }

  /// Clears the top's delegate.
  @inline(__always) static func cancel(_ handle: DelegateHandler, on chain: DelegateChain) { chain.top.delegate = nil }

  @inline(__always) static func post(_ chain: DelegateChain, _ value: Int) { chain.bottom.delegate?.rowDeleted(value) }
  @inline(__always) static func postUnheard(_ chain: DelegateChain, _ value: Int) {
    chain.bottom.delegate?.rowMoved(value)
  }

  /// The handler answers too: subscribing and answering are both being the top's delegate.
  @inline(__always)
  static func answer(_ chain: DelegateChain, _ counter: Counter) -> DelegateHandler { subscribe(chain, counter) }

  @inline(__always)
  static func request(_ chain: DelegateChain, _ row: Int) -> Int? { chain.bottom.delegate?.account(for: row) }
}

// MARK: - ObservationToken

/// The event every subject posts.
struct RowDeleted: RoutedEvent {
  var row: Int
}

/// The event nobody subscribes to.
struct RowMoved: RoutedEvent {
  var row: Int
}

/// The request every subject asks.
struct AccountForRow: RoutedRequest {
  typealias Response = Int
  var row: Int
}

/// A chain of ``EventNode``s, bottom first, each the parent of the one below. Parents are
/// held weakly: the chain keeps every node alive.
final class TokenChain {
  let nodes: [EventNode]
  let bottom: EventNode
  let top: EventNode

  init(length: Int) {
    nodes = (0..<length).map { EventNode(name: "level \($0)") }
    bottom = nodes[0]
    top = nodes[length - 1]
    for (below, above) in zip(nodes, nodes.dropFirst()) { below.addParent(above) }
  }
}

enum TokenRoutingSubject: RoutingSubject {
  static func makeChain(length: Int) -> TokenChain { TokenChain(length: length) }

  /// The levels, following the first parents up from the bottom.
  static func levels(_ chain: TokenChain) -> Int {
    var count = 1
    var node = chain.bottom
    while let parent = node.parents.first {
      count += 1
      node = parent
    }
    return count
  }

  @inline(__always)
  static func subscribe(_ chain: TokenChain, _ counter: Counter) -> ObservationToken {
    chain.top.subscribe(to: RowDeleted.self) { [counter] event in counter.record(event.row) }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken, on chain: TokenChain) { handle.invalidate() }

  @inline(__always) static func post(_ chain: TokenChain, _ value: Int) { chain.bottom.post(RowDeleted(row: value)) }
  @inline(__always) static func postUnheard(_ chain: TokenChain, _ value: Int) {
    chain.bottom.post(RowMoved(row: value))
  }

  @inline(__always)
  static func answer(_ chain: TokenChain, _ counter: Counter) -> ObservationToken {
    chain.top.answer(AccountForRow.self) { [counter] request in
      counter.record(request.row)
      return routedResponse(request.row)
    }
  }

  @inline(__always)
  static func request(_ chain: TokenChain, _ row: Int) -> Int? { chain.bottom.request(AccountForRow(row: row)) }
}
