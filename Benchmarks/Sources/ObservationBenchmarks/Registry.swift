/// The cases, in table order. The raw value is the name `--case` takes.
enum CaseID: String, CaseIterable {
  case setUnobserved = "set-unobserved"
  case setOtherObserved = "set-other-observed"
  case get = "get"
  case setNotify = "set-notify"
  case observeInvalidate = "observe-invalidate"
  case onChangeNotify = "onchange-notify"
  case onChangeInvalidate = "onchange-invalidate"
  case onChangeCrossNotify = "onchange-cross-notify"
  case onChangeCrossInvalidate = "onchange-cross-invalidate"
  case fanOut1 = "fanout-1"
  case fanOut10 = "fanout-10"
  case fanOut100 = "fanout-100"
  case chain = "chain-leaf-set"
  case derived = "derived-set"
  case append = "collection-append"
  case propertyAppend = "property-append"
  case propertyAppendUnobserved = "property-append-unobserved"
  case moduleSet = "module-set"
  case moduleAdd = "module-add"
  case moduleAppend = "module-append"
  case crossSet = "cross-set"
  case crossAdd = "cross-add"
  case crossAppend = "cross-append"
  case overrideSet = "override-set"
  case overrideAdd = "override-add"
  case overrideAppend = "override-append"
  case protocolSet = "protocol-set"
  case protocolAdd = "protocol-add"
  case protocolAppend = "protocol-append"
  case moduleSetObserved = "module-set-observed"
  case moduleAddObserved = "module-add-observed"
  case moduleAppendObserved = "module-append-observed"
  case crossSetObserved = "cross-set-observed"
  case crossAddObserved = "cross-add-observed"
  case crossAppendObserved = "cross-append-observed"
  case overrideSetObserved = "override-set-observed"
  case overrideAddObserved = "override-add-observed"
  case overrideAppendObserved = "override-append-observed"
  case protocolSetObserved = "protocol-set-observed"
  case protocolAddObserved = "protocol-add-observed"
  case protocolAppendObserved = "protocol-append-observed"
  case memory = "memory-per-token"
  case scale = "scale"
  case send1 = "send-1"
  case send10 = "send-10"
  case send100 = "send-100"
  case subscribeInvalidate = "subscribe-invalidate"
  case eventMemory = "memory-per-subscription"
  case eventScale = "event-scale"
  case post1 = "post-1"
  case post3 = "post-3"
  case post10 = "post-10"
  case postUnheard = "post-unheard"
  case request3 = "request-3"
  case routeSubscribeInvalidate = "route-subscribe-invalidate"
  case drainOldest = "drain-oldest"
  case drainNewest = "drain-newest"
  case eventDrainOldest = "event-drain-oldest"
  case eventDrainNewest = "event-drain-newest"
  case fanOutScaling = "fanout-n"
  case tokensOnOneObject = "tokens-one-object"
  case tokensAcrossObjects = "tokens-across-objects"
  case chainDepth = "chain-depth"
  case nodeDepth = "node-depth"
  case rebindScaling = "rebind-n"
  case frameEveryChange = "frame-every-change"
  case frameLatest = "frame-latest"
  case rebind = "rebind"
  case rebindCross = "rebind-cross"
  case rebindMemory = "rebind-memory"
  case progressEveryChange = "progress-every-change"
  case progressLatest = "progress-latest"

  var title: String {
    switch self {
    case .setUnobserved: "set, no observers"
    case .setOtherObserved: "set, other property observed"
    case .get: "get outside tracking"
    case .setNotify: "set + notify one (old, new)"
    case .observeInvalidate: "observe + invalidate"
    case .onChangeNotify: "set + onChange one (old, new)"
    case .onChangeInvalidate: "onChange + invalidate"
    case .onChangeCrossNotify: "set + onChange, other module"
    case .onChangeCrossInvalidate: "onChange + invalidate, other mod."
    case .fanOut1: "fan-out 1 (per set)"
    case .fanOut10: "fan-out 10 (per set)"
    case .fanOut100: "fan-out 100 (per set)"
    case .chain: "chain leaf set"
    case .derived: "derived property set"
    case .append: "collection append, 1 observer"
    case .propertyAppend: "append via property, 1 observer"
    case .propertyAppendUnobserved: "append via property, unobserved"
    case .moduleSet, .moduleAdd, .moduleAppend, .crossSet, .crossAdd, .crossAppend, .overrideSet, .overrideAdd,
      .overrideAppend, .protocolSet, .protocolAdd, .protocolAppend, .moduleSetObserved, .moduleAddObserved,
      .moduleAppendObserved, .crossSetObserved, .crossAddObserved, .crossAppendObserved, .overrideSetObserved,
      .overrideAddObserved, .overrideAppendObserved, .protocolSetObserved, .protocolAddObserved,
      .protocolAppendObserved:
      modelMutation?.title ?? rawValue
    case .memory: "memory per live token"
    case .scale: "scale: 1M tokens create + end"
    case .send1: "event send, 1 subscriber"
    case .send10: "event send, 10 subscribers"
    case .send100: "event send, 100 subscribers"
    case .subscribeInvalidate: "event subscribe + invalidate"
    case .eventMemory: "memory per live subscription"
    case .eventScale: "event scale: 1M subscriptions"
    case .post1: "route post, 1 level"
    case .post3: "route post, 3 levels"
    case .post10: "route post, 10 levels"
    case .postUnheard: "route post, 3 levels, unheard"
    case .request3: "route request, answered 3 up"
    case .routeSubscribeInvalidate: "route subscribe + invalidate"
    case .drainOldest: "end tokens of one property, oldest first"
    case .drainNewest: "end tokens of one property, newest first"
    case .eventDrainOldest: "end subscriptions of one sender, oldest first"
    case .eventDrainNewest: "end subscriptions of one sender, newest first"
    case .fanOutScaling: "one set, N observers"
    case .tokensOnOneObject: "N live tokens on one object"
    case .tokensAcrossObjects: "N live tokens, one on each of N objects"
    case .chainDepth: "leaf set through a chain of N objects"
    case .nodeDepth: "post up a chain of N nodes"
    case .rebindScaling: "rebind one of N bound cells"
    case .frameEveryChange: "frame of N changes a row, per change"
    case .frameLatest: "frame of N changes a row, latest value"
    case .rebind: "rebind a cell: 4 binds + 1 observe"
    case .rebindCross: "rebind, row from another module"
    case .rebindMemory: "memory per bound cell (10^3 cells)"
    case .progressEveryChange: "progress list frame, per change (10^5 changes)"
    case .progressLatest: "progress list frame, latest value (10^5 changes)"
    }
  }

  /// The cases that mutate a model declared in another module (`ModelMutationCases.swift`).
  var modelMutation: ModelMutationCase? { ModelMutationCase(rawValue) }

  /// Observers per set in the fan-out cases.
  var fanOut: Int? {
    switch self {
    case .fanOut1: 1
    case .fanOut10: 10
    case .fanOut100: 100
    default: nil
    }
  }

  /// Subscribers per send in the event send cases.
  var sendSubscribers: Int? {
    switch self {
    case .send1: 1
    case .send10: 10
    case .send100: 100
    default: nil
    }
  }

  /// What the table divides by for a per-receiver row (fan-out and send), and the row's
  /// label; `nil` for other cases.
  var perReceiver: (count: Int, label: String)? {
    if let observers = fanOut { return (observers, "fan-out \(observers), per observer") }
    if let subscribers = sendSubscribers { return (subscribers, "send \(subscribers), per subscriber") }
    return nil
  }

  /// The event cases (the others observe a property).
  var isEvent: Bool {
    switch self {
    case .send1, .send10, .send100, .subscribeInvalidate, .eventMemory, .eventScale: true
    default: false
    }
  }

  /// Levels of the chain a routing post passes (the request is answered at the top of 3).
  var routeLength: Int? {
    switch self {
    case .post1: 1
    case .post3, .postUnheard, .request3: 3
    case .post10: 10
    default: nil
    }
  }

  /// The routing cases: posts and requests through a chain of owners.
  var isRouting: Bool {
    switch self {
    case .post1, .post3, .post10, .postUnheard, .request3, .routeSubscribeInvalidate: true
    default: false
    }
  }

  /// Cases timed per operation (all but the memory, scale and scaling ones).
  var isTimed: Bool {
    ![.memory, .scale, .eventMemory, .eventScale, .rebindMemory].contains(self) && scaling == nil
  }

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
  case notificationCenter = "notificationcenter"
  case delegate
  case token
  case bridged
  case bridgedTracking = "bridged-tracking"

  var title: String {
    switch self {
    case .floor: "floor (didSet closure)"
    case .observation: "Observation (withObservationTracking)"
    case .observations: "Observations (async)"
    case .currentValueSubject: "OpenCombine CurrentValueSubject"
    case .published: "OpenCombine @Published"
    case .passthroughSubject: "OpenCombine PassthroughSubject"
    case .naive: "naive registry"
    case .notificationCenter: "Foundation NotificationCenter"
    case .delegate: "delegates forwarding by hand"
    case .token: "ObservationToken"
    case .bridged: "ObservationToken, Observable class (tokens)"
    case .bridgedTracking: "ObservationToken, Observable class (withObservationTracking)"
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
    case .notificationCenter: "NotifCenter"
    case .delegate: "delegate"
    case .token: "Token"
    case .bridged: "Bridged"
    case .bridgedTracking: "BridgedTracking"
    }
  }

  init?(argument: String) {
    let lowered = argument.lowercased()
    guard
      let match = SubjectID.allCases.first(where: {
        $0.rawValue == lowered || $0.short.lowercased() == lowered || $0.title.lowercased() == lowered
          || (lowered == "observationtoken" && $0 == .token)
      })
    else { return nil }
    self = match
  }
}

/// Why a (case, subject) pair shows "—".
func unsupportedReason(_ kind: CaseID, _ subject: SubjectID) -> String? {
  if let family = kind.scaling { return family.unsupportedReason(subject) }
  if kind == .rebind || kind == .rebindMemory { return rebindUnsupportedReason(subject) }
  if kind == .rebindCross {
    return subject == .token ? nil : "a row from another module is measured with ObservationToken; compare with rebind"
  }
  if kind == .progressEveryChange || kind == .progressLatest {
    return subject == .token ? nil : "coalesced delivery is measured with ObservationToken, per change and latest value"
  }
  if let mutation = kind.modelMutation { return mutation.unsupportedReason(subject) }
  if [.onChangeNotify, .onChangeInvalidate, .onChangeCrossNotify, .onChangeCrossInvalidate].contains(kind) {
    return subject == .token
      ? nil : "onChange(of:) is ObservationToken's own form: the libraries compare in set-notify and observe-invalidate"
  }
  if subject == .bridged || subject == .bridgedTracking {
    switch kind {
    case .setUnobserved, .setOtherObserved, .get, .setNotify, .fanOut1, .fanOut10, .fanOut100: break
    case .observeInvalidate where subject == .bridged: break
    case .observeInvalidate:
      return "withObservationTracking cannot be cancelled: an armed tracking lives until the next change"
    default: return "a class that opts in to Swift Observation is measured in the single-property cases only"
    }
    return nil
  }
  if kind.isRouting {
    switch subject {
    case .floor, .delegate, .token: return nil
    case .observation, .observations, .currentValueSubject, .published, .passthroughSubject, .naive,
      .notificationCenter,
      .bridged, .bridgedTracking:
      return "routing is measured with the floor, hand-written delegate forwarding and ObservationToken"
    }
  }
  if subject == .delegate { return "delegate forwarding is measured in the routing cases only" }
  if kind == .propertyAppend || kind == .propertyAppendUnobserved {
    switch subject {
    case .floor, .observation, .token: return nil
    default: return "append through the property is measured with the floor, Observation and ObservationToken"
    }
  }
  if kind.isEvent {
    switch subject {
    case .floor, .passthroughSubject, .notificationCenter, .naive, .token: return nil
    case .observation, .observations, .currentValueSubject, .published, .delegate, .bridged, .bridgedTracking:
      return
        "events are measured with the floor, PassthroughSubject, NotificationCenter, the naive registry and ObservationToken"
    }
  }
  switch (subject, kind) {
  case (.notificationCenter, _):
    return "NotificationCenter is measured in the event cases only"
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
  if kind == .rebind { return makeRebindBenchmark(subject) }
  if kind == .rebindCross { return rebindBenchmark(CrossModuleTokenRebind.self) }
  if kind == .progressEveryChange { return progressListBenchmark(delivery: .everyChange) }
  if kind == .progressLatest { return progressListBenchmark(delivery: .latest) }
  if kind.isEvent { return makeEventBenchmark(kind, subject) }
  if kind.isRouting { return makeRoutingBenchmark(kind, subject) }
  if let mutation = kind.modelMutation { return modelMutationBenchmark(mutation, subject) }
  if subject == .observations { return makeObservationsBenchmark(kind) }
  switch kind {
  case .setUnobserved, .setOtherObserved, .get, .setNotify, .observeInvalidate, .fanOut1, .fanOut10, .fanOut100:
    // Concrete types at each call, so every factory is specialized for its subject.
    if let observers = kind.fanOut { return fanOutBenchmark(subject, observers: observers) }
    switch subject {
    case .floor: return makeIntBenchmark(kind, FloorSubject.self)
    case .observation: return makeIntBenchmark(kind, ObservationSubject.self)
    case .currentValueSubject: return makeIntBenchmark(kind, CurrentValueSubjectSubject.self)
    case .published: return makeIntBenchmark(kind, PublishedSubject.self)
    case .passthroughSubject: return makeIntBenchmark(kind, PassthroughSubjectSubject.self)
    case .naive: return makeIntBenchmark(kind, NaiveSubject.self)
    case .token: return makeIntBenchmark(kind, TokenSubject.self)
    case .bridged: return makeIntBenchmark(kind, BridgedSubject.self)
    case .bridgedTracking: return makeIntBenchmark(kind, BridgedTrackingSubject.self)
    case .observations, .notificationCenter, .delegate: return nil
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
    case .observations, .notificationCenter, .delegate, .bridged, .bridgedTracking: return nil
    }
  case .propertyAppend:
    switch subject {
    case .floor: return appendBenchmark(AppendFloor.self)
    case .observation: return appendBenchmark(AppendObservation.self)
    case .token: return appendBenchmark(AppendTokenProperty.self)
    default: return nil
    }
  case .propertyAppendUnobserved:
    switch subject {
    case .floor: return appendBenchmark(AppendFloorUnobserved.self)
    case .observation: return appendBenchmark(AppendObservationUnobserved.self)
    case .token: return appendBenchmark(AppendTokenUnobserved.self)
    default: return nil
    }
  case .onChangeNotify: return subject == .token ? setNotifyBenchmark(TokenOnChangeSubject.self, observers: 1) : nil
  case .onChangeInvalidate: return subject == .token ? observeInvalidateBenchmark(TokenOnChangeSubject.self) : nil
  case .onChangeCrossNotify:
    return subject == .token ? setNotifyBenchmark(TokenCrossOnChangeSubject.self, observers: 1) : nil
  case .onChangeCrossInvalidate:
    return subject == .token ? observeInvalidateBenchmark(TokenCrossOnChangeSubject.self) : nil
  case .moduleSet, .moduleAdd, .moduleAppend, .crossSet, .crossAdd, .crossAppend, .overrideSet, .overrideAdd,
    .overrideAppend, .protocolSet, .protocolAdd, .protocolAppend, .moduleSetObserved, .moduleAddObserved,
    .moduleAppendObserved, .crossSetObserved, .crossAddObserved, .crossAppendObserved, .overrideSetObserved,
    .overrideAddObserved, .overrideAppendObserved, .protocolSetObserved, .protocolAddObserved, .protocolAppendObserved,
    .memory, .scale, .send1, .send10, .send100, .subscribeInvalidate, .eventMemory, .eventScale,
    .post1, .post3, .post10, .postUnheard, .request3, .routeSubscribeInvalidate,
    .drainOldest, .drainNewest, .eventDrainOldest, .eventDrainNewest,
    .fanOutScaling, .tokensOnOneObject, .tokensAcrossObjects, .chainDepth, .nodeDepth, .rebindScaling,
    .frameEveryChange, .frameLatest, .rebind, .rebindCross,
    .rebindMemory,
    .progressEveryChange, .progressLatest:
    return nil
  }
}

/// The timed event cases, with a concrete subject type at each call (see above).
private func makeEventBenchmark(_ kind: CaseID, _ subject: SubjectID) -> Benchmark? {
  switch subject {
  case .floor: makeEventBenchmark(kind, FloorEventSubject.self)
  case .passthroughSubject: makeEventBenchmark(kind, PassthroughEventSubject.self)
  case .notificationCenter: makeEventBenchmark(kind, NotificationCenterEventSubject.self)
  case .naive: makeEventBenchmark(kind, NaiveEventSubject.self)
  case .token: makeEventBenchmark(kind, TokenEventSubject.self)
  case .observation, .observations, .currentValueSubject, .published, .delegate, .bridged, .bridgedTracking: nil
  }
}

private func makeEventBenchmark<S: EventSubject>(_ kind: CaseID, _ subject: S.Type) -> Benchmark? {
  if let subscribers = kind.sendSubscribers { return sendBenchmark(S.self, subscribers: subscribers) }
  if kind == .subscribeInvalidate { return subscribeInvalidateBenchmark(S.self) }
  return nil
}

/// The timed routing cases, with a concrete subject type at each call (see above).
private func makeRoutingBenchmark(_ kind: CaseID, _ subject: SubjectID) -> Benchmark? {
  switch subject {
  case .floor: makeRoutingBenchmark(kind, FloorRoutingSubject.self)
  case .delegate: makeRoutingBenchmark(kind, DelegateRoutingSubject.self)
  case .token: makeRoutingBenchmark(kind, TokenRoutingSubject.self)
  case .observation, .observations, .currentValueSubject, .published, .passthroughSubject, .naive, .notificationCenter,
    .bridged, .bridgedTracking:
    nil
  }
}

/// One post up a chain of `length` levels (the post cases and the node-depth family).
func routePostBenchmark(_ subject: SubjectID, length: Int) -> Benchmark? {
  switch subject {
  case .floor: routePostBenchmark(FloorRoutingSubject.self, length: length)
  case .delegate: routePostBenchmark(DelegateRoutingSubject.self, length: length)
  case .token: routePostBenchmark(TokenRoutingSubject.self, length: length)
  case .observation, .observations, .currentValueSubject, .published, .passthroughSubject, .naive, .notificationCenter,
    .bridged, .bridgedTracking:
    nil
  }
}

private func makeRoutingBenchmark<S: RoutingSubject>(_ kind: CaseID, _ subject: S.Type) -> Benchmark? {
  switch kind {
  case .post1, .post3, .post10: routePostBenchmark(S.self, length: kind.routeLength!)
  case .postUnheard: routeUnheardBenchmark(S.self)
  case .request3: routeRequestBenchmark(S.self, length: kind.routeLength!)
  case .routeSubscribeInvalidate: routeSubscribeInvalidateBenchmark(S.self)
  default: nil
  }
}

private func makeIntBenchmark<S: IntSubject>(_ kind: CaseID, _ subject: S.Type) -> Benchmark? {
  switch kind {
  case .setUnobserved: setUnobservedBenchmark(S.self)
  case .setOtherObserved: setOtherObservedBenchmark(S.self)
  case .get: getBenchmark(S.self)
  case .setNotify: setNotifyBenchmark(S.self, observers: 1)
  case .observeInvalidate: S.canCancel ? observeInvalidateBenchmark(S.self) : nil
  default: nil
  }
}

/// One set with `observers` observers of the property (the fan-out cases), with a concrete
/// subject type at each call (see above); the floor calls a closure array.
func fanOutBenchmark(_ subject: SubjectID, observers: Int) -> Benchmark? {
  switch subject {
  case .floor: setNotifyBenchmark(FloorFanOutSubject.self, observers: observers)
  case .observation: setNotifyBenchmark(ObservationSubject.self, observers: observers)
  case .currentValueSubject: setNotifyBenchmark(CurrentValueSubjectSubject.self, observers: observers)
  case .published: setNotifyBenchmark(PublishedSubject.self, observers: observers)
  case .passthroughSubject: setNotifyBenchmark(PassthroughSubjectSubject.self, observers: observers)
  case .naive: setNotifyBenchmark(NaiveSubject.self, observers: observers)
  case .token: setNotifyBenchmark(TokenSubject.self, observers: observers)
  case .bridged: setNotifyBenchmark(BridgedSubject.self, observers: observers)
  case .bridgedTracking: setNotifyBenchmark(BridgedTrackingSubject.self, observers: observers)
  case .observations, .notificationCenter, .delegate: nil
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
  case .observations, .notificationCenter, .delegate, .bridged, .bridgedTracking: nil
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
  case .observations, .notificationCenter, .delegate, .bridged, .bridgedTracking: nil
  }
}

/// Memory per live subscription for `subject`, as ``memoryResult(_:tokens:objects:)``.
func eventMemoryResult(_ subject: SubjectID, subscriptions: Int, senders: Int) throws(BenchmarkFailure) -> MemoryResult?
{
  switch subject {
  case .floor: try measureEventMemory(FloorEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .passthroughSubject:
    try measureEventMemory(PassthroughEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .notificationCenter:
    try measureEventMemory(NotificationCenterEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .naive: try measureEventMemory(NaiveEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .token: try measureEventMemory(TokenEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .observation, .observations, .currentValueSubject, .published, .delegate, .bridged, .bridgedTracking: nil
  }
}

/// The event scale run for `subject`, as ``memoryResult(_:tokens:objects:)``.
func eventScaleResult(_ subject: SubjectID, subscriptions: Int, senders: Int) throws(BenchmarkFailure) -> ScaleResult? {
  switch subject {
  case .floor: try measureEventScale(FloorEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .passthroughSubject:
    try measureEventScale(PassthroughEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .notificationCenter:
    try measureEventScale(NotificationCenterEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .naive: try measureEventScale(NaiveEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .token: try measureEventScale(TokenEventSubject.self, subscriptions: subscriptions, senders: senders)
  case .observation, .observations, .currentValueSubject, .published, .delegate, .bridged, .bridgedTracking: nil
  }
}
