import Observation
import ObservationToken
import OpenCombine

// The chain-depth family: a chain of `depth` objects, each `next` of the one before,
// observed from the first through `\.next?.next?…value` (depth − 1 `next`s), while the
// last one's `value` is set. Depth 1 observes `\.value` of the first object itself.

/// One subject, as the chain-depth cases use it. As with ``IntSubject``, the generic case
/// is specialized for each adapter, so calls through it cost nothing.
protocol ChainDepthSubject {
  associatedtype Link: AnyObject
  associatedtype Handle

  static func makeLink() -> Link
  /// Makes `next` the object after `link`.
  static func link(_ link: Link, to next: Link)
  /// Observes `value` of the object `depth − 1` links after `root`, through the chain;
  /// the handler records old and new (0 for a missing value).
  static func observe(_ root: Link, depth: Int, _ counter: Counter) -> Handle
  static func set(_ leaf: Link, _ value: Int)
}

/// One set of the leaf's value through a chain of `depth` objects, with one observer at the
/// root; op `n` sets `n`, so every call must see new − old == 1 (Observation one change late).
func chainDepthBenchmark<S: ChainDepthSubject>(_ subject: S.Type, depth: Int) -> Benchmark {
  let counter = Counter()
  let links = (0..<depth).map { _ in S.makeLink() }
  for (link, next) in zip(links, links.dropFirst()) { S.link(link, to: next) }
  let leaf = links[depth - 1]
  let handle = Box(S.observe(links[0], depth: depth, counter))
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    let leaf = opaque(leaf)
    var current = op.value
    let start = clock.now
    for _ in 0..<iterations {
      current &+= 1
      S.set(leaf, current)
    }
    let elapsed = clock.now - start
    op.value = current
    blackHole(counter.sum)
    return elapsed
  }
  _ = run(2)  // a previous change for Observation to report
  counter.reset()
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime((links, handle)) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      _ = withExtendedLifetime((links, handle)) { run(operations) }
      try failIfNeeded(
        counter.calls == operations && counter.sum == operations,
        "\(operations) leaf sets through \(depth) objects made \(counter.calls) calls (new − old summing to \(counter.sum)); expected \(operations) (sum \(operations))"
      )
      counter.reset()
    }
  )
}

/// The chain-depth case for `subject`, with a concrete adapter type; `nil` where it is not
/// measured.
func chainDepthBenchmark(_ subject: SubjectID, depth: Int) -> Benchmark? {
  switch subject {
  case .floor: chainDepthBenchmark(FloorChainDepth.self, depth: depth)
  case .observation: chainDepthBenchmark(ObservationChainDepth.self, depth: depth)
  case .published: chainDepthBenchmark(PublishedChainDepth.self, depth: depth)
  case .token: chainDepthBenchmark(TokenChainDepth.self, depth: depth)
  default: nil
  }
}

/// The object `depth − 1` links after `root`, following `next`.
private func object<Link>(_ depth: Int, from root: Link, next: (Link) -> Link?) -> Link? {
  var link: Link? = root
  for _ in 1..<depth { link = link.flatMap(next) }
  return link
}

// MARK: - The floor: the leaf's own didSet closure, whatever the depth

final class FloorLink {
  var next: FloorLink?
  var onValue: ((Int, Int) -> Void)?
  var value = 0 { didSet { onValue?(oldValue, value) } }
}

enum FloorChainDepth: ChainDepthSubject {
  static func makeLink() -> FloorLink { FloorLink() }
  static func link(_ link: FloorLink, to next: FloorLink) { link.next = next }

  static func observe(_ root: FloorLink, depth: Int, _ counter: Counter) -> FloorLink? {
    let leaf = object(depth, from: root) { $0.next }
    leaf?.onValue = { [counter] old, new in counter.record(old: old, new: new) }
    return leaf
  }

  @inline(__always) static func set(_ leaf: FloorLink, _ value: Int) { leaf.value = value }
}

// MARK: - Swift's Observation: tracking reads every level

/// `next` and `value`, written as `@Observable` of Swift 6.3 expands (see ``ObservationModel``).
final class ObservationLink: Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  nonisolated func access<Member>(keyPath: KeyPath<ObservationLink, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservationLink, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private var _next: ObservationLink?
  var next: ObservationLink? {
    get {
      access(keyPath: \.next)
      return _next
    }
    set {
      guard _next !== newValue else {
        _next = newValue
        return
      }
      withMutation(keyPath: \.next) { _next = newValue }
    }
    _modify {
      access(keyPath: \.next)
      _$observationRegistrar.willSet(self, keyPath: \.next)
      defer { _$observationRegistrar.didSet(self, keyPath: \.next) }
      yield &_next
    }
  }

  private var _value = 0
  var value: Int {
    get {
      access(keyPath: \.value)
      return _value
    }
    set {
      guard _value != newValue else {
        _value = newValue
        return
      }
      withMutation(keyPath: \.value) { _value = newValue }
    }
    _modify {
      access(keyPath: \.value)
      _$observationRegistrar.willSet(self, keyPath: \.value)
      defer { _$observationRegistrar.didSet(self, keyPath: \.value) }
      yield &_value
    }
  }
}

enum ObservationChainDepth: ChainDepthSubject {
  static func makeLink() -> ObservationLink { ObservationLink() }
  static func link(_ link: ObservationLink, to next: ObservationLink) { link.next = next }

  static func observe(_ root: ObservationLink, depth: Int, _ counter: Counter) -> ObservationTracker {
    ObservationTracker(counter: counter) { object(depth, from: root) { $0.next }?.value ?? 0 }
  }

  @inline(__always) static func set(_ leaf: ObservationLink, _ value: Int) { leaf.value = value }
}

// MARK: - OpenCombine: $next switched to the latest, level by level

final class PublishedLink {
  @OpenCombine.Published var next: PublishedLink?
  @OpenCombine.Published var value = 0
}

enum PublishedChainDepth: ChainDepthSubject {
  static func makeLink() -> PublishedLink { PublishedLink() }
  static func link(_ link: PublishedLink, to next: PublishedLink) { link.next = next }

  /// `value` of the object `depth − 1` links on: each level maps `$next` to the publisher
  /// of the rest of the chain and switches to the latest.
  static func publisher(_ link: PublishedLink, depth: Int) -> AnyPublisher<Int, Never> {
    guard depth > 1 else { return link.$value.eraseToAnyPublisher() }
    return link.$next
      .map { next -> AnyPublisher<Int, Never> in
        guard let next else { return Just(0).eraseToAnyPublisher() }
        return publisher(next, depth: depth - 1)
      }
      .switchToLatest()
      .eraseToAnyPublisher()
  }

  /// The sink gets only the new value (and the current one at once): the handler keeps
  /// the previous one to have old and new.
  static func observe(_ root: PublishedLink, depth: Int, _ counter: Counter) -> AnyCancellable {
    var previous: Int?
    return publisher(root, depth: depth).sink { [counter] new in
      if let old = previous { counter.record(old: old, new: new) }
      previous = new
    }
  }

  @inline(__always) static func set(_ leaf: PublishedLink, _ value: Int) { leaf.value = value }
}

// MARK: - ObservationToken: one key path through the chain

final class TokenLink: KeyValueObservable {
  @Observed var next: TokenLink?
  @Observed var value = 0
}

enum TokenChainDepth: ChainDepthSubject {
  static func makeLink() -> TokenLink { TokenLink() }
  static func link(_ link: TokenLink, to next: TokenLink) { link.next = next }

  /// The key path of each depth, written out as a user writes it.
  static func keyPath(depth: Int) -> KeyPath<TokenLink, Int?> {
    switch depth {
    case 2: \.next?.value
    case 3: \.next?.next?.value
    case 4: \.next?.next?.next?.value
    case 5: \.next?.next?.next?.next?.value
    case 6: \.next?.next?.next?.next?.next?.value
    case 7: \.next?.next?.next?.next?.next?.next?.value
    case 8: \.next?.next?.next?.next?.next?.next?.next?.value
    default: fatalError("chain depths 1 to 8 are measured; \(depth) is not")
    }
  }

  static func observe(_ root: TokenLink, depth: Int, _ counter: Counter) -> ObservationToken {
    guard depth > 1 else {
      return root.observe(\.value) { [counter] _, change in
        counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0)
      }
    }
    return root.observe(keyPath(depth: depth)) { [counter] _, change in
      counter.record(old: (change.oldValue ?? nil) ?? 0, new: (change.newValue ?? nil) ?? 0)
    }
  }

  @inline(__always) static func set(_ leaf: TokenLink, _ value: Int) { leaf.value = value }
}
