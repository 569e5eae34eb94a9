import Observation
import ObservationToken

// Models declared in a module of their own, as an app keeps its models in a package or a
// framework, and mutated both here (the defining module) and from the benchmark (another
// module). Each has an `Int` property `count` and an array property `tags`.

/// The protocol requirement a mutation can go through (`any Counting`).
public protocol Counting: AnyObject {
  var count: Int { get set }
  var tags: [Int] { get set }
}

/// The floor: a plain class with stored properties.
public final class PlainCounter: Counting {
  public var count = 0
  public var tags: [Int] = []
  public init() {}
}

/// Swift's Observation: what the `@Observable` macro of Swift 6.3 expands to, written out
/// with public accessors, as the benchmark's other Observation models are (so that this
/// subject is the same code as theirs, and the figures do not depend on the macro's version).
public final class ObservableCounter: Counting, Observable, @unchecked Sendable {
  private let _$observationRegistrar = ObservationRegistrar()

  public init() {}

  nonisolated func access<Member>(keyPath: KeyPath<ObservableCounter, Member>) {
    _$observationRegistrar.access(self, keyPath: keyPath)
  }

  nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<ObservableCounter, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable>(_ lhs: Member, _ rhs: Member) -> Bool {
    lhs != rhs
  }

  private var _count = 0
  public var count: Int {
    get {
      access(keyPath: \.count)
      return _count
    }
    set {
      guard shouldNotifyObservers(_count, newValue) else {
        _count = newValue
        return
      }
      withMutation(keyPath: \.count) { _count = newValue }
    }
    _modify {
      access(keyPath: \.count)
      _$observationRegistrar.willSet(self, keyPath: \.count)
      defer { _$observationRegistrar.didSet(self, keyPath: \.count) }
      yield &_count
    }
  }

  private var _tags: [Int] = []
  public var tags: [Int] {
    get {
      access(keyPath: \.tags)
      return _tags
    }
    set {
      guard shouldNotifyObservers(_tags, newValue) else {
        _tags = newValue
        return
      }
      withMutation(keyPath: \.tags) { _tags = newValue }
    }
    _modify {
      access(keyPath: \.tags)
      _$observationRegistrar.willSet(self, keyPath: \.tags)
      defer { _$observationRegistrar.didSet(self, keyPath: \.tags) }
      yield &_tags
    }
  }
}

/// ObservationToken: `@Observed` properties.
public final class TokenCounter: KeyValueObservable, Counting {
  @Observed public var count = 0
  @Observed public var tags: [Int] = []
  public init() {}
}

/// A plain class whose properties a subclass overrides.
open class PlainCounterBase: Counting {
  open var count = 0
  open var tags: [Int] = []
  public init() {}
}

/// Overrides both properties with a `didSet` that counts the changes, the common reason to
/// override a property; the `didSet` does not read `oldValue`, so a mutation stays in place.
public final class PlainCounterOverride: PlainCounterBase {
  public private(set) var changes = 0
  override public var count: Int { didSet { changes &+= 1 } }
  override public var tags: [Int] { didSet { changes &+= 1 } }
}

/// An `@Observed` class whose properties a subclass overrides.
open class TokenCounterBase: KeyValueObservable, Counting {
  @Observed open var count = 0
  @Observed open var tags: [Int] = []
  public init() {}
}

/// As ``PlainCounterOverride``.
public final class TokenCounterOverride: TokenCounterBase {
  public private(set) var changes = 0
  override public var count: Int { didSet { changes &+= 1 } }
  override public var tags: [Int] { didSet { changes &+= 1 } }
}

/// How many objects each mutation loop cycles through (a power of two): a loop over one
/// object would let the optimizer keep the value in a register or sink the stores.
public let mutatedObjects = 64

/// The mutation loops, made in the module that declares the models: op `n` mutates object
/// `n % mutatedObjects`; each returns the last op. Specialized here for each model, so the
/// mutation is the one this module's own code makes.
public enum DefiningModule {
  public static func set(_ models: [PlainCounter], after op: Int, count: Int) -> Int { sets(models, op, count) }
  public static func set(_ models: [ObservableCounter], after op: Int, count: Int) -> Int { sets(models, op, count) }
  public static func set(_ models: [TokenCounter], after op: Int, count: Int) -> Int { sets(models, op, count) }
  public static func add(_ models: [PlainCounter], after op: Int, count: Int) -> Int { adds(models, op, count) }
  public static func add(_ models: [ObservableCounter], after op: Int, count: Int) -> Int { adds(models, op, count) }
  public static func add(_ models: [TokenCounter], after op: Int, count: Int) -> Int { adds(models, op, count) }
  public static func append(_ models: [PlainCounter], after op: Int, count: Int) -> Int { appends(models, op, count) }
  public static func append(_ models: [ObservableCounter], after op: Int, count: Int) -> Int {
    appends(models, op, count)
  }
  public static func append(_ models: [TokenCounter], after op: Int, count: Int) -> Int { appends(models, op, count) }

  @inline(__always)
  static func sets<Model: Counting>(_ models: [Model], _ op: Int, _ count: Int) -> Int {
    var current = op
    models.withUnsafeBufferPointer { models in
      for _ in 0..<count {
        current &+= 1
        models[current & (mutatedObjects - 1)].count = current
      }
    }
    return current
  }

  @inline(__always)
  static func adds<Model: Counting>(_ models: [Model], _ op: Int, _ count: Int) -> Int {
    var current = op
    models.withUnsafeBufferPointer { models in
      for _ in 0..<count {
        current &+= 1
        models[current & (mutatedObjects - 1)].count += 1
      }
    }
    return current
  }

  @inline(__always)
  static func appends<Model: Counting>(_ models: [Model], _ op: Int, _ count: Int) -> Int {
    var current = op
    models.withUnsafeBufferPointer { models in
      for _ in 0..<count {
        current &+= 1
        models[current & (mutatedObjects - 1)].tags.append(current)
      }
    }
    return current
  }
}
