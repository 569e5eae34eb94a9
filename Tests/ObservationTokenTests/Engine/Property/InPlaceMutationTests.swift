import ObservationToken
import Testing

@Suite("Mutation through an @Observed property")
struct InPlaceMutationTests {
  /// The address of the array's elements: the same before and after a mutation that
  /// worked in place (the capacity is reserved first, so the append does not grow it).
  private static func elements(of numbers: [Int]) -> UnsafeRawPointer? {
    numbers.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test("With nobody observing, an append through the property is in place: the array keeps its storage")
  func unobservedAppendIsInPlace() {
    let model = MutatedInPlace()
    model.numbers.reserveCapacity(16)
    model.numbers.append(1)
    let before = Self.elements(of: model.numbers)
    model.numbers.append(2)
    #expect(Self.elements(of: model.numbers) == before)
    #expect(model.numbers == [1, 2])
  }

  @Test("With nobody observing, a value's class storage is uniquely referenced while it is mutated")
  func unobservedMutationSeesUniqueStorage() {
    let model = MutatedInPlace()
    let isUnique = model.box.isUniquelyReferencedWhileMutated()
    #expect(isUnique)
  }

  @Test("After its last observer ends, a mutation through the property is in place again")
  func inPlaceAgainAfterObserverEnds() {
    let model = MutatedInPlace()
    model.observe(\.numbers) { _, _ in }.invalidate()
    model.numbers.reserveCapacity(16)
    let before = Self.elements(of: model.numbers)
    model.numbers.append(1)
    #expect(Self.elements(of: model.numbers) == before)
    let isUnique = model.box.isUniquelyReferencedWhileMutated()
    #expect(isUnique)
  }

  @Test("In a class that opts in to Swift Observation, a mutation nobody observes is in place too")
  func bridgedUnobservedMutationIsInPlace() {
    let model = BridgedMutatedInPlace()
    let isUnique = model.box.isUniquelyReferencedWhileMutated()
    #expect(isUnique)
    model.numbers.reserveCapacity(16)
    let before = Self.elements(of: model.numbers)
    model.numbers.append(1)
    #expect(Self.elements(of: model.numbers) == before)
  }

  @Test("Observed, a mutation through the property is one setting change with the whole values before and after")
  func observedMutationIsOneSetting() throws {
    let model = MutatedInPlace()
    model.numbers = [1]
    let recorder = ChangeRecorder()
    model.addObserver(recorder, forKeyPath: \.numbers, options: [.old, .new])
    model.numbers.append(2)
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.indexes == nil)
    #expect(change.old(as: [Int].self) == [1])
    #expect(change.new(as: [Int].self) == [1, 2])
    #expect(!change.isPrior)
  }

  @Test("A token sees a mutation through the property as old and new values")
  func tokenSeesMutation() {
    let model = MutatedInPlace()
    var changes: [[[Int]?]] = []
    let token = model.observe(\.numbers) { _, change in changes.append([change.oldValue, change.newValue]) }
    model.numbers.append(1)
    model.numbers[0] = 5
    token.invalidate()
    #expect(changes == [[[], [1]], [[1], [5]]])
  }

  @Test("The prior call of a mutation through the property has the old value and runs before the mutation")
  func priorOfMutation() throws {
    let model = MutatedInPlace()
    model.numbers = [1]
    var numbersInPriorCall: [Int]?
    let observer = ReactingObserver { _, change in
      if change.isPrior { numbersInPriorCall = model.numbers }
    }
    let recorder = ChangeRecorder()
    model.addObserver(observer, forKeyPath: \.numbers, options: [.prior])
    model.addObserver(recorder, forKeyPath: \.numbers, options: [.prior, .old, .new])
    model.numbers.append(2)
    #expect(numbersInPriorCall == [1])
    #expect(observer.callCount == 2)
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.kind == .setting)
    #expect(prior.old(as: [Int].self) == [1])
    #expect(prior.newValue == nil)
    #expect(recorder.changes[1].new(as: [Int].self) == [1, 2])
  }

  @Test("Observers run after the mutation: a handler reads the mutated value")
  func handlerSeesMutatedValue() {
    let model = MutatedInPlace()
    var seen: [[Int]] = []
    let observer = ReactingObserver { _, _ in seen.append(model.numbers) }
    model.addObserver(observer, forKeyPath: \.numbers)
    model.numbers.append(1)
    model.numbers.append(2)
    #expect(seen == [[1], [1, 2]])
  }

  @Test("A mutation that throws after changing the value is still reported, as a set's writeback is")
  func throwingMutationIsReported() throws {
    let model = MutatedInPlace()
    let recorder = ChangeRecorder()
    model.addObserver(recorder, forKeyPath: \.numbers, options: [.old, .new])
    #expect(throws: MutationFailure.self) { try model.numbers.appendThenThrow(1) }
    #expect(model.numbers == [1])
    let change = try #require(recorder.onlyChange)
    #expect(change.old(as: [Int].self) == [])
    #expect(change.new(as: [Int].self) == [1])
  }

  @Test("A derived property that reads the collection follows a mutation through the property")
  func derivedFollowsMutation() {
    let model = MutatedInPlace()
    var counts: [[Int?]] = []
    let token = model.observe(\.numberCount) { _, change in counts.append([change.oldValue, change.newValue]) }
    model.numbers.append(1)
    model.numbers.append(2)
    token.invalidate()
    #expect(counts == [[0, 1], [1, 2]])
  }
}
