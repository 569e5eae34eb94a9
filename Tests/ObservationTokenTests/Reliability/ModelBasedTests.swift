import Foundation
import ObservationToken
import Testing

/// How many random sequences to run, and from which seed.
///
/// - `RELIABILITY_SEQUENCES`: sequences per run (default 3,000).
/// - `RELIABILITY_OPERATIONS`: operations per sequence (default 40).
/// - `RELIABILITY_SEED`: the seed of the first sequence, as printed by a failure (decimal
///   or `0x` hexadecimal); the next ones use the following seeds. With it, the default
///   number of sequences is 1: exactly the failing sequence runs again.
struct ReliabilityModelConfiguration {
  static let defaultSequences = 3_000
  static let defaultOperations = 40
  /// The fixed base seed: every run checks the same sequences unless told otherwise.
  static let baseSeed: UInt64 = 0x0B5E_7A71_0472_0001

  var sequences: Int
  var operations: Int
  var explicitSeed: UInt64?

  static func fromEnvironment() -> ReliabilityModelConfiguration {
    let environment = ProcessInfo.processInfo.environment
    let explicitSeed = environment["RELIABILITY_SEED"].flatMap(parseSeed)
    return ReliabilityModelConfiguration(
      sequences: environment["RELIABILITY_SEQUENCES"].flatMap { Int($0) }
        ?? (explicitSeed == nil ? defaultSequences : 1),
      operations: environment["RELIABILITY_OPERATIONS"].flatMap { Int($0) } ?? defaultOperations,
      explicitSeed: explicitSeed
    )
  }

  private static func parseSeed(_ text: String) -> UInt64? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  /// The seed of sequence `index`.
  func seed(_ index: Int) -> UInt64 {
    if let explicitSeed { return explicitSeed &+ UInt64(index) }
    return ReliabilityRandom.mix(Self.baseSeed &+ UInt64(index))
  }
}

/// Runs one random sequence on the engine and on the reference model.
enum ReliabilityModelRun {
  /// Runs the sequence with `seed`; returns a report of the first disagreement, or `nil`.
  static func run(seed: UInt64, operations: Int, fault: ReliabilityModelFault? = nil) -> String? {
    var random = ReliabilityRandom(seed: seed)
    let setup = ReliabilitySetup.random(&random)
    var model = ReliabilityReferenceModel(setup: setup, fault: fault)
    var world: ReliabilityEngineWorld? = ReliabilityEngineWorld(setup: setup)
    var performed: [ReliabilityOperation] = []

    func report(_ problem: String) -> String {
      let steps = performed.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
      let documents = setup.documents.map { "\($0.title)/\($0.isFavorite)/\($0.tags)" }
      return """
        Model-based sequence with seed \(seed) (0x\(String(seed, radix: 16))) failed at operation \
        \(performed.count - 1) of \(operations).
        Reproduce with RELIABILITY_SEED=\(seed) (add RELIABILITY_OPERATIONS=\(operations) if you changed it).
        Setup: \(documents.count) documents (title/isFavorite/tags) \(documents), \
        cell holding \(setup.cellDocument.map { "doc[\($0)]" } ?? "nil").
        Operations:
        \(steps)
        \(problem)
        """
    }

    for _ in 0..<operations {
      let operation = model.randomOperation(&random)
      performed.append(operation)
      let expected = model.apply(operation)
      world!.apply(operation)
      let delivered = world!.log.take()
      if delivered != expected {
        return report(
          """
          Expected notifications:
          \(expected.map { "  \($0)" }.joined(separator: "\n"))
          Delivered notifications:
          \(delivered.map { "  \($0)" }.joined(separator: "\n"))
          """
        )
      }
      if let problem = stateProblem(world!, model) { return report(problem) }
    }

    // Everything is released with the world: objects, observers, tokens, captures.
    let (tokens, probes, objects) = (world!.allTokens, world!.probes, world!.objects)
    world = nil
    let survivors =
      tokens.filter { $0.value.isAlive }.keys.map { "token t\($0)" }
      + probes.filter { $0.value.isAlive }.keys.map { "the capture of t\($0)" }
      + objects.filter { $0.value.isAlive }.keys.map { "object #\($0)" }
    if !survivors.isEmpty {
      return report("After the world was released, these were still alive: \(survivors.sorted())")
    }
    return nil
  }

  /// What differs between the engine's state and the model's, if anything: tokens'
  /// validity, which handlers (captures), tokens and objects are still alive.
  private static func stateProblem(_ world: ReliabilityEngineWorld, _ model: ReliabilityReferenceModel) -> String? {
    let expectedValidity = model.heldTokens.keys.reduce(into: [Int: Bool]()) {
      $0[$1] = model.isObserving(token: $1)
    }
    let validity = world.tokenValidity
    if validity != expectedValidity {
      return "Token validity: expected \(expectedValidity.sorted { $0.key < $1.key }), "
        + "engine says \(validity.sorted { $0.key < $1.key })"
    }
    for (token, probe) in world.probes where probe.isAlive != model.isObserving(token: token) {
      return "The handler of t\(token) (what it captured) is \(probe.isAlive ? "still alive" : "released"), "
        + "but the observation \(model.isObserving(token: token) ? "is running" : "has ended")"
    }
    for (token, box) in world.allTokens where box.isAlive != (model.heldTokens[token] != nil) {
      return "Token t\(token) is \(box.isAlive ? "alive" : "released") but the test "
        + "\(model.heldTokens[token] != nil ? "holds it" : "released it")"
    }
    for (serial, box) in world.objects where box.isAlive != model.isLiving(serial) {
      return "Object #\(serial) is \(box.isAlive ? "alive" : "released") but must be "
        + "\(model.isLiving(serial) ? "alive" : "released")"
    }
    return nil
  }
}

@Suite("Reliability: model-based")
struct ModelBasedTests {
  /// The sequences are split into this many test cases, which run in parallel.
  static let shards = 4

  @Test(
    "Random operation sequences deliver exactly the notifications the reference model predicts",
    arguments: 0..<shards
  )
  func randomSequences(shard: Int) {
    let configuration = ReliabilityModelConfiguration.fromEnvironment()
    var failures = 0
    for index in stride(from: shard, to: configuration.sequences, by: Self.shards) {
      guard let failure = ReliabilityModelRun.run(seed: configuration.seed(index), operations: configuration.operations)
      else { continue }
      Issue.record(Comment(rawValue: failure))
      failures += 1
      // A few reports are enough; each names its seed.
      if failures == 3 { break }
    }
  }

  @Test("The comparison catches a model that is wrong", arguments: ReliabilityModelFault.allCases)
  func catchesAWrongModel(fault: ReliabilityModelFault) {
    let caught = (0..<300).contains { index in
      ReliabilityModelRun.run(seed: ReliabilityRandom.mix(UInt64(index)), operations: 40, fault: fault) != nil
    }
    #expect(caught, "300 sequences against a model with the fault \(fault) found no difference")
  }
}
