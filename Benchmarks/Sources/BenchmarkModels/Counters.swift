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

/// Swift's Observation, through the `@Observable` macro itself.
@Observable
public final class ObservableCounter: Counting {
  public var count = 0
  public var tags: [Int] = []
  public init() {}
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
