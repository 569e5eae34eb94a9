import BenchmarkModels
import Observation
import ObservationToken
import OpenCombine

/// One subject, as the `Int` cases use it: a model with `value` and `other`, and the way
/// the subject observes one of them. The generic cases are specialized for each adapter,
/// so calls through it cost nothing.
protocol IntSubject {
  associatedtype Model: AnyObject
  /// What an observation returns: a token, a cancellable, a re-arming tracker.
  associatedtype Handle

  static func makeModel() -> Model
  static func get(_ model: Model) -> Int
  static func set(_ model: Model, _ value: Int)
  static func setOther(_ model: Model, _ value: Int)
  /// Starts observing `value`; the handler records the old and the new value.
  static func observe(_ model: Model, _ counter: Counter) -> Handle
  static func observeOther(_ model: Model, _ counter: Counter) -> Handle
  /// Ends an observation now.
  static func cancel(_ handle: Handle)
  /// Whether ``cancel(_:)`` exists.
  static var canCancel: Bool { get }
  /// Handler calls made by `observe` itself (subjects that deliver the current value).
  static var callsOnObserve: Int { get }
  /// Ends every observation in `handles`, for the scale case.
  static func endAll(_ handles: inout [Handle], models: [Model])
}

extension IntSubject {
  static var canCancel: Bool { true }
  static var callsOnObserve: Int { 0 }
  static func setOther(_ model: Model, _ value: Int) { fatalError("\(Self.self) has no other property") }
  static func observeOther(_ model: Model, _ counter: Counter) -> Handle {
    fatalError("\(Self.self) cannot observe other")
  }
  static func endAll(_ handles: inout [Handle], models: [Model]) {
    handles.removeAll(keepingCapacity: true)
  }
}

// MARK: - The floor

enum FloorSubject: IntSubject {
  static func makeModel() -> FloorModel { FloorModel() }
  @inline(__always) static func get(_ model: FloorModel) -> Int { model.value }
  @inline(__always) static func set(_ model: FloorModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: FloorModel, _ value: Int) { model.other = value }

  @inline(__always)
  static func observe(_ model: FloorModel, _ counter: Counter) -> FloorModel {
    model.onValue = { [counter] old, new in counter.record(old: old, new: new) }
    return model
  }

  static func observeOther(_ model: FloorModel, _ counter: Counter) -> FloorModel {
    model.onOther = { [counter] old, new in counter.record(old: old, new: new) }
    return model
  }

  @inline(__always) static func cancel(_ handle: FloorModel) { handle.onValue = nil }
}

/// The floor with several observers (fan-out, memory, scale): a closure array.
enum FloorFanOutSubject: IntSubject {
  static func makeModel() -> FloorFanOutModel { FloorFanOutModel() }
  @inline(__always) static func get(_ model: FloorFanOutModel) -> Int { model.value }
  @inline(__always) static func set(_ model: FloorFanOutModel, _ value: Int) { model.value = value }

  static func observe(_ model: FloorFanOutModel, _ counter: Counter) {
    model.observers.append { [counter] old, new in counter.record(old: old, new: new) }
  }

  static var canCancel: Bool { false }
  static func cancel(_ handle: Void) { fatalError("a closure in an array cannot be removed") }

  static func endAll(_ handles: inout [Void], models: [FloorFanOutModel]) {
    for model in models { model.observers.removeAll() }
    handles.removeAll(keepingCapacity: true)
  }
}

// MARK: - Swift's Observation

/// Observes repeated changes the way Observation allows: `withObservationTracking`,
/// re-armed from `onChange`. `onChange` runs before the change is made (willSet) and
/// carries no values, so the handler learns the value the property had before the
/// change: what it records is the previous change (old and new one change late).
final class ObservationTracker: @unchecked Sendable {
  private let read: () -> Int
  private let counter: Counter
  private var last: Int

  init(counter: Counter, read: @escaping () -> Int) {
    self.read = read
    self.counter = counter
    last = 0
    last = arm()
  }

  private func arm() -> Int {
    withObservationTracking(read, onChange: { [weak self] in self?.changed() })
  }

  private func changed() {
    let current = arm()
    counter.record(old: last, new: current)
    last = current
  }
}

/// The same for string values (chain and derived cases), recording UTF-8 counts.
final class ObservationStringTracker: @unchecked Sendable {
  private let read: () -> String?
  private let counter: Counter
  private var last: Int

  init(counter: Counter, read: @escaping () -> String?) {
    self.read = read
    self.counter = counter
    last = 0
    last = arm()
  }

  private func arm() -> Int {
    withObservationTracking(read, onChange: { [weak self] in self?.changed() })?.utf8.count ?? 0
  }

  private func changed() {
    let current = arm()
    counter.record(old: last, new: current)
    last = current
  }
}

enum ObservationSubject: IntSubject {
  static func makeModel() -> ObservationModel { ObservationModel() }
  @inline(__always) static func get(_ model: ObservationModel) -> Int { model.value }
  @inline(__always) static func set(_ model: ObservationModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: ObservationModel, _ value: Int) { model.other = value }

  static func observe(_ model: ObservationModel, _ counter: Counter) -> ObservationTracker {
    ObservationTracker(counter: counter) { model.value }
  }

  static func observeOther(_ model: ObservationModel, _ counter: Counter) -> ObservationTracker {
    ObservationTracker(counter: counter) { model.other }
  }

  /// An armed `withObservationTracking` cannot be cancelled: it lives until the next change.
  static var canCancel: Bool { false }
  static func cancel(_ handle: ObservationTracker) { fatalError("withObservationTracking cannot be cancelled") }
}

// MARK: - OpenCombine

enum CurrentValueSubjectSubject: IntSubject {
  static func makeModel() -> CurrentValueModel { CurrentValueModel() }
  @inline(__always) static func get(_ model: CurrentValueModel) -> Int { model.value.value }
  @inline(__always) static func set(_ model: CurrentValueModel, _ value: Int) { model.value.send(value) }
  @inline(__always) static func setOther(_ model: CurrentValueModel, _ value: Int) { model.other.send(value) }

  /// The sink gets only the new value (and the current one at once): the handler keeps
  /// the previous one to have old and new.
  static func observe(_ model: CurrentValueModel, _ counter: Counter) -> AnyCancellable {
    var previous = model.value.value
    return model.value.sink { [counter] new in
      counter.record(old: previous, new: new)
      previous = new
    }
  }

  static func observeOther(_ model: CurrentValueModel, _ counter: Counter) -> AnyCancellable {
    var previous = model.other.value
    return model.other.sink { [counter] new in
      counter.record(old: previous, new: new)
      previous = new
    }
  }

  @inline(__always) static func cancel(_ handle: AnyCancellable) { handle.cancel() }
  static var callsOnObserve: Int { 1 }
}

enum PublishedSubject: IntSubject {
  static func makeModel() -> PublishedModel { PublishedModel() }
  @inline(__always) static func get(_ model: PublishedModel) -> Int { model.value }
  @inline(__always) static func set(_ model: PublishedModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: PublishedModel, _ value: Int) { model.other = value }

  /// `$value` delivers the current value at once and then each new value (before it is
  /// stored): the handler keeps the previous one to have old and new.
  static func observe(_ model: PublishedModel, _ counter: Counter) -> AnyCancellable {
    var previous = model.value
    return model.$value.sink { [counter] new in
      counter.record(old: previous, new: new)
      previous = new
    }
  }

  static func observeOther(_ model: PublishedModel, _ counter: Counter) -> AnyCancellable {
    var previous = model.other
    return model.$other.sink { [counter] new in
      counter.record(old: previous, new: new)
      previous = new
    }
  }

  @inline(__always) static func cancel(_ handle: AnyCancellable) { handle.cancel() }
  static var callsOnObserve: Int { 1 }
}

enum PassthroughSubjectSubject: IntSubject {
  static func makeModel() -> PassthroughModel { PassthroughModel() }
  @inline(__always) static func get(_ model: PassthroughModel) -> Int { model.value }
  @inline(__always) static func set(_ model: PassthroughModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: PassthroughModel, _ value: Int) { model.other = value }

  static func observe(_ model: PassthroughModel, _ counter: Counter) -> AnyCancellable {
    model.valueChanges.sink { [counter] change in counter.record(old: change.0, new: change.1) }
  }

  static func observeOther(_ model: PassthroughModel, _ counter: Counter) -> AnyCancellable {
    model.otherChanges.sink { [counter] change in counter.record(old: change.0, new: change.1) }
  }

  @inline(__always) static func cancel(_ handle: AnyCancellable) { handle.cancel() }
}

// MARK: - The naive registry

enum NaiveSubject: IntSubject {
  static func makeModel() -> NaiveModel { NaiveModel() }
  @inline(__always) static func get(_ model: NaiveModel) -> Int { model.value }
  @inline(__always) static func set(_ model: NaiveModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: NaiveModel, _ value: Int) { model.other = value }

  static func observe(_ model: NaiveModel, _ counter: Counter) -> NaiveToken {
    model.addObserver(\NaiveModel.value) { [counter] old, new in counter.record(old: old as! Int, new: new as! Int) }
  }

  static func observeOther(_ model: NaiveModel, _ counter: Counter) -> NaiveToken {
    model.addObserver(\NaiveModel.other) { [counter] old, new in counter.record(old: old as! Int, new: new as! Int) }
  }

  @inline(__always) static func cancel(_ handle: NaiveToken) { handle.cancel() }
}

// MARK: - ObservationToken

enum TokenSubject: IntSubject {
  static func makeModel() -> TokenModel { TokenModel() }
  @inline(__always) static func get(_ model: TokenModel) -> Int { model.value }
  @inline(__always) static func set(_ model: TokenModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: TokenModel, _ value: Int) { model.other = value }

  @inline(__always)
  static func observe(_ model: TokenModel, _ counter: Counter) -> ObservationToken {
    model.observe(\.value) { [counter] _, change in
      counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0)
    }
  }

  static func observeOther(_ model: TokenModel, _ counter: Counter) -> ObservationToken {
    model.observe(\.other) { [counter] _, change in
      counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0)
    }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken) { handle.invalidate() }
}

/// The same model observed with `onChange(of:)`, SwiftUI's shape: the old and the new value,
/// not optional, through the adapter that keeps the last value seen.
enum TokenOnChangeSubject: IntSubject {
  static func makeModel() -> TokenModel { TokenModel() }
  @inline(__always) static func get(_ model: TokenModel) -> Int { model.value }
  @inline(__always) static func set(_ model: TokenModel, _ value: Int) { model.value = value }

  @inline(__always)
  static func observe(_ model: TokenModel, _ counter: Counter) -> ObservationToken {
    model.onChange(of: \.value) { [counter] old, new in counter.record(old: old, new: new) }
  }

  static func observeOther(_ model: TokenModel, _ counter: Counter) -> ObservationToken {
    model.onChange(of: \.other) { [counter] old, new in counter.record(old: old, new: new) }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken) { handle.invalidate() }
}

/// The same, on a model declared in another module (`ModuleTokenModel`), as apps keep
/// theirs: `onChange(of:)` is specialized here, the model's accessors are the other module's.
enum TokenCrossOnChangeSubject: IntSubject {
  static func makeModel() -> ModuleTokenModel { ModuleTokenModel() }
  @inline(__always) static func get(_ model: ModuleTokenModel) -> Int { model.value }
  @inline(__always) static func set(_ model: ModuleTokenModel, _ value: Int) { model.value = value }

  @inline(__always)
  static func observe(_ model: ModuleTokenModel, _ counter: Counter) -> ObservationToken {
    model.onChange(of: \.value) { [counter] old, new in counter.record(old: old, new: new) }
  }

  static func observeOther(_ model: ModuleTokenModel, _ counter: Counter) -> ObservationToken {
    model.onChange(of: \.other) { [counter] old, new in counter.record(old: old, new: new) }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken) { handle.invalidate() }
}

// MARK: - ObservationToken, opted in to Swift Observation

/// A model that also conforms to `Observable`, observed by tokens: what opting in adds to
/// each get, set and observed set.
enum BridgedSubject: IntSubject {
  static func makeModel() -> BridgedModel { BridgedModel() }
  @inline(__always) static func get(_ model: BridgedModel) -> Int { model.value }
  @inline(__always) static func set(_ model: BridgedModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: BridgedModel, _ value: Int) { model.other = value }

  static func observe(_ model: BridgedModel, _ counter: Counter) -> ObservationToken {
    model.observe(\.value) { [counter] _, change in
      counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0)
    }
  }

  static func observeOther(_ model: BridgedModel, _ counter: Counter) -> ObservationToken {
    model.observe(\.other) { [counter] _, change in
      counter.record(old: change.oldValue ?? 0, new: change.newValue ?? 0)
    }
  }

  @inline(__always) static func cancel(_ handle: ObservationToken) { handle.invalidate() }
}

/// The same model observed as SwiftUI observes it, by `withObservationTracking` re-armed
/// from `onChange`: compare with the `@Observable` model (the Observation subject).
enum BridgedTrackingSubject: IntSubject {
  static func makeModel() -> BridgedModel { BridgedModel() }
  @inline(__always) static func get(_ model: BridgedModel) -> Int { model.value }
  @inline(__always) static func set(_ model: BridgedModel, _ value: Int) { model.value = value }
  @inline(__always) static func setOther(_ model: BridgedModel, _ value: Int) { model.other = value }

  static func observe(_ model: BridgedModel, _ counter: Counter) -> ObservationTracker {
    ObservationTracker(counter: counter) { model.value }
  }

  static func observeOther(_ model: BridgedModel, _ counter: Counter) -> ObservationTracker {
    ObservationTracker(counter: counter) { model.other }
  }

  static var canCancel: Bool { false }
  static func cancel(_ handle: ObservationTracker) { fatalError("withObservationTracking cannot be cancelled") }
}
