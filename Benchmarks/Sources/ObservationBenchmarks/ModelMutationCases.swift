import BenchmarkModels
import ObservationToken

// The cases that mutate a model declared in another module (`BenchmarkModels`): set, `+=`
// and append, made in the defining module, from this one, through an overridden property
// and through a protocol requirement, with nobody observing and with one token on each
// object. Subjects: the floor (a plain class), Observation (an `@Observable` class, nobody
// observing), ObservationToken (`@Observed`).

/// Where a mutation is made from.
enum MutationPath: String, CaseIterable {
  /// In the module that declares the model, on the final class.
  case definingModule = "module"
  /// From the benchmark's module, on the final class.
  case otherModule = "cross"
  /// From the benchmark's module, through a base-class reference to a subclass that
  /// overrides the property with a `didSet`.
  case override
  /// From the benchmark's module, through `any Counting`.
  case protocolRequirement = "protocol"

  var title: String {
    switch self {
    case .definingModule: "in own module"
    case .otherModule: "cross-module"
    case .override: "via override"
    case .protocolRequirement: "via protocol"
    }
  }
}

/// What a mutation does.
enum ModelMutation: String, CaseIterable {
  /// `model.count = n`
  case set
  /// `model.count += 1`
  case add
  /// `model.tags.append(n)`
  case append

  var title: String {
    switch self {
    case .set: "set"
    case .add: "+="
    case .append: "append"
    }
  }
}

/// One case of the family: a path, a mutation, with one token on each object or none.
struct ModelMutationCase {
  let path: MutationPath
  let mutation: ModelMutation
  let isObserved: Bool

  /// Read from a case name: `PATH-MUTATION` or `PATH-MUTATION-observed`.
  init?(_ name: String) {
    let parts = name.split(separator: "-").map(String.init)
    guard parts.count == 2 || (parts.count == 3 && parts[2] == "observed"),
      let path = MutationPath(rawValue: parts[0]), let mutation = ModelMutation(rawValue: parts[1])
    else { return nil }
    self.path = path
    self.mutation = mutation
    isObserved = parts.count == 3
  }

  /// At most 31 characters, the width of the table's first column.
  var title: String { "\(mutation.title) \(path.title)\(isObserved ? ", 1 token" : "")" }

  /// Why a subject shows "—", or `nil`.
  func unsupportedReason(_ subject: SubjectID) -> String? {
    switch subject {
    case .token: return nil
    case .floor, .observation:
      if isObserved { return "observed mutations of another module's model are measured with ObservationToken only" }
      if subject == .observation && path == .override {
        return "an @Observable property is not overridden here"
      }
      return nil
    default: return "mutations of another module's model are measured with a plain class, @Observable and @Observed"
    }
  }
}

/// The loops of one (path, subject) pair, and what the check reads. Each loop mutates
/// object `n % mutatedObjects` at op `n` for the ops after `after`, and returns the last.
struct MutationLoops {
  let set: (_ after: Int, _ count: Int) -> Int
  let add: (_ after: Int, _ count: Int) -> Int
  let append: (_ after: Int, _ count: Int) -> Int
  let count: (_ object: Int) -> Int
  let tags: (_ object: Int) -> [Int]
  let clearTags: () -> Void
  /// One token on each object, on `count` (set, `+=`) or `tags` (append); ObservationToken only.
  let observe: ((_ counter: Counter, _ mutation: ModelMutation) -> [ObservationToken])?

  func run(_ mutation: ModelMutation) -> (Int, Int) -> Int {
    switch mutation {
    case .set: set
    case .add: add
    case .append: append
    }
  }
}

// MARK: - The loops made in this module

/// Mutations made here, on models declared in `BenchmarkModels`; specialized for each
/// model type (a final class, or a base class whose properties are overridden).
private enum OtherModule {
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

  /// Through the protocol requirement: each mutation is a witness call.
  static func sets(_ models: [any Counting], _ op: Int, _ count: Int) -> Int {
    var current = op
    models.withUnsafeBufferPointer { models in
      for _ in 0..<count {
        current &+= 1
        models[current & (mutatedObjects - 1)].count = current
      }
    }
    return current
  }

  static func adds(_ models: [any Counting], _ op: Int, _ count: Int) -> Int {
    var current = op
    models.withUnsafeBufferPointer { models in
      for _ in 0..<count {
        current &+= 1
        models[current & (mutatedObjects - 1)].count += 1
      }
    }
    return current
  }

  static func appends(_ models: [any Counting], _ op: Int, _ count: Int) -> Int {
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

/// The loops for `models`, mutated from this module (a concrete type: the loops are
/// specialized for it).
private func otherModuleLoops<Model: Counting>(_ models: [Model]) -> MutationLoops {
  MutationLoops(
    set: { OtherModule.sets(models, $0, $1) },
    add: { OtherModule.adds(models, $0, $1) },
    append: { OtherModule.appends(models, $0, $1) },
    count: { models[$0].count },
    tags: { models[$0].tags },
    clearTags: { for model in models { model.tags = [] } },
    observe: nil
  )
}

/// The loops for `models`, mutated through the protocol requirement.
private func protocolLoops(_ models: [any Counting]) -> MutationLoops {
  MutationLoops(
    set: { OtherModule.sets(models, $0, $1) },
    add: { OtherModule.adds(models, $0, $1) },
    append: { OtherModule.appends(models, $0, $1) },
    count: { models[$0].count },
    tags: { models[$0].tags },
    clearTags: { for model in models { model.tags = [] } },
    observe: nil
  )
}

/// The loops of `BenchmarkModels` itself, for a model type it declares.
private func definingModuleLoops(_ models: [PlainCounter]) -> MutationLoops {
  MutationLoops(
    set: { DefiningModule.set(models, after: $0, count: $1) },
    add: { DefiningModule.add(models, after: $0, count: $1) },
    append: { DefiningModule.append(models, after: $0, count: $1) },
    count: { models[$0].count }, tags: { models[$0].tags }, clearTags: { for model in models { model.tags = [] } },
    observe: nil
  )
}

private func definingModuleLoops(_ models: [ObservableCounter]) -> MutationLoops {
  MutationLoops(
    set: { DefiningModule.set(models, after: $0, count: $1) },
    add: { DefiningModule.add(models, after: $0, count: $1) },
    append: { DefiningModule.append(models, after: $0, count: $1) },
    count: { models[$0].count }, tags: { models[$0].tags }, clearTags: { for model in models { model.tags = [] } },
    observe: nil
  )
}

private func definingModuleLoops(_ models: [TokenCounter]) -> MutationLoops {
  MutationLoops(
    set: { DefiningModule.set(models, after: $0, count: $1) },
    add: { DefiningModule.add(models, after: $0, count: $1) },
    append: { DefiningModule.append(models, after: $0, count: $1) },
    count: { models[$0].count }, tags: { models[$0].tags }, clearTags: { for model in models { model.tags = [] } },
    observe: nil
  )
}

/// One token on each of `models`: on `count` for a set or `+=` (recording old and new), on
/// `tags` for an append (recording one a change).
private func observing<Model: KeyValueObservable & Counting>(_ models: [Model]) -> (Counter, ModelMutation) ->
  [ObservationToken]
{
  { counter, mutation in
    models.map { model in
      switch mutation {
      case .set, .add:
        model.observe(\.count) { _, change in counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0) }
      case .append:
        model.observe(\.tags) { _, _ in counter.record(old: 0, new: 1) }
      }
    }
  }
}

private func withObserving<Model: KeyValueObservable & Counting>(_ loops: MutationLoops, _ models: [Model])
  -> MutationLoops
{
  MutationLoops(
    set: loops.set, add: loops.add, append: loops.append, count: loops.count, tags: loops.tags,
    clearTags: loops.clearTags, observe: observing(models)
  )
}

/// The loops of a (path, subject) pair, on `mutatedObjects` new objects.
private func mutationLoops(_ path: MutationPath, _ subject: SubjectID) -> MutationLoops? {
  func make<Model>(_ make: () -> Model) -> [Model] { (0..<mutatedObjects).map { _ in make() } }
  switch (path, subject) {
  case (.definingModule, .floor): return definingModuleLoops(make(PlainCounter.init))
  case (.definingModule, .observation): return definingModuleLoops(make(ObservableCounter.init))
  case (.definingModule, .token):
    let models = make(TokenCounter.init)
    return withObserving(definingModuleLoops(models), models)
  case (.otherModule, .floor): return otherModuleLoops(make(PlainCounter.init))
  case (.otherModule, .observation): return otherModuleLoops(make(ObservableCounter.init))
  case (.otherModule, .token):
    let models = make(TokenCounter.init)
    return withObserving(otherModuleLoops(models), models)
  case (.override, .floor): return otherModuleLoops(make { PlainCounterOverride() as PlainCounterBase })
  case (.override, .token):
    let models = make { TokenCounterOverride() as TokenCounterBase }
    return withObserving(otherModuleLoops(models), models)
  case (.protocolRequirement, .floor): return protocolLoops(make { PlainCounter() as any Counting })
  case (.protocolRequirement, .observation): return protocolLoops(make { ObservableCounter() as any Counting })
  case (.protocolRequirement, .token):
    let models = make(TokenCounter.init)
    return withObserving(protocolLoops(models.map { $0 as any Counting }), models)
  default: return nil
  }
}

// MARK: - The benchmark

/// The benchmark of one case of the family for one subject, or `nil` for "—".
func modelMutationBenchmark(_ kind: ModelMutationCase, _ subject: SubjectID) -> Benchmark? {
  guard kind.unsupportedReason(subject) == nil, let loops = mutationLoops(kind.path, subject) else { return nil }
  let mutation = kind.mutation
  let counter = Counter()
  let tokens = Box(kind.isObserved ? loops.observe?(counter, mutation) ?? [] : [])
  let body = loops.run(mutation)
  let op = Box(0)
  let run = { (iterations: Int) -> Duration in
    var remaining = iterations
    var elapsed = Duration.zero
    var current = op.value
    while remaining > 0 {
      // Each batch of appends starts from empty arrays, untimed, so that the cost does not
      // depend on the run's length; what an observer heard of the clearing is forgotten.
      let count = mutation == .append ? min(remaining, appendBatch) : remaining
      if mutation == .append {
        let (calls, sum) = (counter.calls, counter.sum)
        loops.clearTags()
        (counter.calls, counter.sum) = (calls, sum)
      }
      let start = clock.now
      current = body(current, count)
      elapsed += clock.now - start
      remaining -= count
    }
    op.value = current
    blackHole(current)
    return elapsed
  }
  return ClosureBenchmark(
    run: { iterations in withExtendedLifetime(tokens) { run(iterations) } },
    check: { operations throws(BenchmarkFailure) in
      counter.reset()
      let countsBefore = (0..<mutatedObjects).reduce(0) { $0 &+ loops.count($1) }
      _ = withExtendedLifetime(tokens) { run(operations) }
      let last = op.value
      switch mutation {
      case .set:
        for back in 0..<min(operations, mutatedObjects) {
          let op = last - back
          let stored = loops.count(op & (mutatedObjects - 1))
          try failIfNeeded(stored == op, "object \(op & (mutatedObjects - 1)) holds \(stored) after set \(op)")
        }
      case .add:
        let countsAfter = (0..<mutatedObjects).reduce(0) { $0 &+ loops.count($1) }
        try failIfNeeded(
          countsAfter == countsBefore &+ operations,
          "\(operations) increments raised the counts by \(countsAfter &- countsBefore)"
        )
      case .append:
        // The last batch's elements are the last ops, each on its object.
        let inLastBatch = operations - (operations - 1) / appendBatch * appendBatch
        let elements = (0..<mutatedObjects).flatMap { loops.tags($0) }
        try failIfNeeded(
          elements.count == inLastBatch,
          "the arrays hold \(elements.count) elements after a batch of \(inLastBatch) appends"
        )
        let expected = (last - inLastBatch + 1...last).reduce(0, &+)
        try failIfNeeded(
          elements.reduce(0, &+) == expected,
          "the appended elements sum to \(elements.reduce(0, &+)); expected \(expected)")
      }
      if kind.isObserved {
        try failIfNeeded(
          counter.calls == operations, "\(operations) mutations called the observers \(counter.calls) times")
        if mutation == .add {
          try failIfNeeded(counter.sum == operations, "the observers saw new − old summing to \(counter.sum)")
        }
      }
      counter.reset()
    }
  )
}
