/// The cases, in table order. The raw value is the name `--case` takes.
enum CaseID: String, CaseIterable {
  case setUnobserved = "set-unobserved"
  case setOtherObserved = "set-other-observed"
  case get = "get"
  case setNotify = "set-notify"
  case observeInvalidate = "observe-invalidate"
  case fanOut1 = "fanout-1"
  case fanOut10 = "fanout-10"
  case fanOut100 = "fanout-100"
  case chain = "chain-leaf-set"
  case derived = "derived-set"
  case append = "collection-append"
  case memory = "memory-per-token"
  case scale = "scale"

  var title: String {
    switch self {
    case .setUnobserved: "set, no observers"
    case .setOtherObserved: "set, other property observed"
    case .get: "get outside tracking"
    case .setNotify: "set + notify one (old, new)"
    case .observeInvalidate: "observe + invalidate"
    case .fanOut1: "fan-out 1 (per set)"
    case .fanOut10: "fan-out 10 (per set)"
    case .fanOut100: "fan-out 100 (per set)"
    case .chain: "chain leaf set"
    case .derived: "derived property set"
    case .append: "collection append, 1 observer"
    case .memory: "memory per live token"
    case .scale: "scale: 1M tokens create + end"
    }
  }

  /// Observers per set in the fan-out cases.
  var fanOut: Int? {
    switch self {
    case .fanOut1: 1
    case .fanOut10: 10
    case .fanOut100: 100
    default: nil
    }
  }

  /// Cases timed per operation (all but memory and scale).
  var isTimed: Bool { self != .memory && self != .scale }

  static let timed = allCases.filter(\.isTimed)
}

/// The subjects, in table order. `--subject` takes the raw value or the display name,
/// in any case.
enum SubjectID: String, CaseIterable {
  case floor
  case observation
  case observations
  case currentValueSubject = "currentvaluesubject"
  case published
  case passthroughSubject = "passthroughsubject"
  case naive
  case token

  var title: String {
    switch self {
    case .floor: "floor (didSet closure)"
    case .observation: "Observation (withObservationTracking)"
    case .observations: "Observations (async)"
    case .currentValueSubject: "OpenCombine CurrentValueSubject"
    case .published: "OpenCombine @Published"
    case .passthroughSubject: "OpenCombine PassthroughSubject"
    case .naive: "naive registry"
    case .token: "ObservationToken"
    }
  }

  /// A short name for the matrix columns.
  var short: String {
    switch self {
    case .floor: "floor"
    case .observation: "Observation"
    case .observations: "Observations"
    case .currentValueSubject: "CurrentValue"
    case .published: "@Published"
    case .passthroughSubject: "Passthrough"
    case .naive: "naive"
    case .token: "Token"
    }
  }

  init?(argument: String) {
    let lowered = argument.lowercased()
    guard let match = SubjectID.allCases.first(where: {
      $0.rawValue == lowered || $0.short.lowercased() == lowered || $0.title.lowercased() == lowered
        || (lowered == "observationtoken" && $0 == .token)
    }) else { return nil }
    self = match
  }
}

/// Why a (case, subject) pair shows "—".
func unsupportedReason(_ kind: CaseID, _ subject: SubjectID) -> String? {
  switch (subject, kind) {
  case (.observation, .observeInvalidate):
    return "withObservationTracking cannot be cancelled: an armed tracking lives until the next change"
  case (.observations, .setNotify), (.observations, .chain), (.observations, .derived):
    return observationsAvailability
  case (.observations, _):
    return "the async sequence is measured for set + notify, chain and derived only"
  case (.currentValueSubject, .chain), (.passthroughSubject, .chain):
    return "a chain needs switchToLatest over a publisher per object; measured with @Published only"
  case (.currentValueSubject, .derived), (.published, .derived), (.passthroughSubject, .derived):
    return "OpenCombine 0.14 has no combineLatest or merge to combine title and isFavorite"
  case (.naive, .chain), (.naive, .derived):
    return "the naive registry knows single properties only"
  default:
    return nil
  }
}

/// Makes the benchmark for a timed (case, subject) pair, or `nil` for "—".
func makeBenchmark(_ kind: CaseID, _ subject: SubjectID) -> Benchmark? {
  guard unsupportedReason(kind, subject) == nil else { return nil }
  if subject == .observations { return makeObservationsBenchmark(kind) }
  switch kind {
  case .setUnobserved, .setOtherObserved, .get, .setNotify, .observeInvalidate, .fanOut1, .fanOut10, .fanOut100:
    // Concrete types at each call, so every factory is specialized for its subject.
    switch subject {
    case .floor:
      if let observers = kind.fanOut { return setNotifyBenchmark(FloorFanOutSubject.self, observers: observers) }
      return makeIntBenchmark(kind, FloorSubject.self)
    case .observation: return makeIntBenchmark(kind, ObservationSubject.self)
    case .currentValueSubject: return makeIntBenchmark(kind, CurrentValueSubjectSubject.self)
    case .published: return makeIntBenchmark(kind, PublishedSubject.self)
    case .passthroughSubject: return makeIntBenchmark(kind, PassthroughSubjectSubject.self)
    case .naive: return makeIntBenchmark(kind, NaiveSubject.self)
    case .token: return makeIntBenchmark(kind, TokenSubject.self)
    case .observations: return nil
    }
  case .chain:
    let length = { (op: Int) in title(at: op).utf8.count }
    switch subject {
    case .floor: return titleBenchmark(ChainFloor.self, length: length)
    case .observation: return titleBenchmark(ChainObservation.self, length: length)
    case .published: return titleBenchmark(ChainPublished.self, length: length)
    case .token: return titleBenchmark(ChainToken.self, length: length)
    default: return nil
    }
  case .derived:
    switch subject {
    case .floor: return titleBenchmark(DerivedFloor.self, length: displayLength(at:))
    case .observation: return titleBenchmark(DerivedObservation.self, length: displayLength(at:))
    case .token: return titleBenchmark(DerivedToken.self, length: displayLength(at:))
    default: return nil
    }
  case .append:
    switch subject {
    case .floor: return appendBenchmark(AppendFloor.self)
    case .observation: return appendBenchmark(AppendObservation.self)
    case .currentValueSubject: return appendBenchmark(AppendCurrentValue.self)
    case .published: return appendBenchmark(AppendPublished.self)
    case .passthroughSubject: return appendBenchmark(AppendPassthrough.self)
    case .naive: return appendBenchmark(AppendNaive.self)
    case .token: return appendBenchmark(AppendToken.self)
    case .observations: return nil
    }
  case .memory, .scale:
    return nil
  }
}

private func makeIntBenchmark<S: IntSubject>(_ kind: CaseID, _ subject: S.Type) -> Benchmark? {
  switch kind {
  case .setUnobserved: setUnobservedBenchmark(S.self)
  case .setOtherObserved: setOtherObservedBenchmark(S.self)
  case .get: getBenchmark(S.self)
  case .setNotify: setNotifyBenchmark(S.self, observers: 1)
  case .observeInvalidate: S.canCancel ? observeInvalidateBenchmark(S.self) : nil
  case .fanOut1, .fanOut10, .fanOut100: setNotifyBenchmark(S.self, observers: kind.fanOut!)
  default: nil
  }
}

/// Memory per live token for `subject` (the floor's closure-array model), with a concrete
/// adapter type so the measured code is specialized; `nil` where it is not measured.
func memoryResult(_ subject: SubjectID, tokens: Int, objects: Int) throws(BenchmarkFailure) -> MemoryResult? {
  switch subject {
  case .floor: try measureMemory(FloorFanOutSubject.self, tokens: tokens, objects: objects)
  case .observation: try measureMemory(ObservationSubject.self, tokens: tokens, objects: objects)
  case .currentValueSubject: try measureMemory(CurrentValueSubjectSubject.self, tokens: tokens, objects: objects)
  case .published: try measureMemory(PublishedSubject.self, tokens: tokens, objects: objects)
  case .passthroughSubject: try measureMemory(PassthroughSubjectSubject.self, tokens: tokens, objects: objects)
  case .naive: try measureMemory(NaiveSubject.self, tokens: tokens, objects: objects)
  case .token: try measureMemory(TokenSubject.self, tokens: tokens, objects: objects)
  case .observations: nil
  }
}

/// The scale run for `subject`, as ``memoryResult(_:tokens:objects:)``.
func scaleResult(_ subject: SubjectID, tokens: Int, objects: Int) throws(BenchmarkFailure) -> ScaleResult? {
  switch subject {
  case .floor: try measureScale(FloorFanOutSubject.self, tokens: tokens, objects: objects)
  case .observation: try measureScale(ObservationSubject.self, tokens: tokens, objects: objects)
  case .currentValueSubject: try measureScale(CurrentValueSubjectSubject.self, tokens: tokens, objects: objects)
  case .published: try measureScale(PublishedSubject.self, tokens: tokens, objects: objects)
  case .passthroughSubject: try measureScale(PassthroughSubjectSubject.self, tokens: tokens, objects: objects)
  case .naive: try measureScale(NaiveSubject.self, tokens: tokens, objects: objects)
  case .token: try measureScale(TokenSubject.self, tokens: tokens, objects: objects)
  case .observations: nil
  }
}
