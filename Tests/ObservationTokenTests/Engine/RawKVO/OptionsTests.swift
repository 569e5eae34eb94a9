import ObservationToken
import Testing

@Suite("Observing options")
struct OptionsTests {
  @Test(
    "A change carries the old value only with .old and the new value only with .new",
    arguments: [[], [.old], [.new], [.old, .new]] as [KeyValueObservingOptions]
  )
  func valuesFollowOptions(options: KeyValueObservingOptions) throws {
    let carriesOld = options.contains(.old)
    let carriesNew = options.contains(.new)
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: options)
    document.title = "Final"
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.old(as: String.self) == (carriesOld ? "Draft" : nil))
    #expect(change.new(as: String.self) == (carriesNew ? "Final" : nil))
    #expect(change.oldValue == nil || carriesOld)
    #expect(change.newValue == nil || carriesNew)
  }

  @Test("Without .initial, registering makes no call")
  func noInitialCallByDefault() {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.old, .new])
    #expect(recorder.count == 0)
  }

  @Test("With .initial, registering calls once at once: a setting with the current value as new value")
  func initialCallsOnceWithCurrentValue() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.initial, .new], context: Contexts.first)
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.new(as: String.self) == "Draft")
    #expect(change.oldValue == nil)
    #expect(!change.isPrior)
    #expect(change.indexes == nil)
    #expect(change.context == Contexts.first)
  }

  @Test("The .initial call carries no old value, even with .old")
  func initialCarriesNoOldValue() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.initial, .old])
    let change = try #require(recorder.onlyChange)
    #expect(change.oldValue == nil)
    #expect(change.newValue == nil)
  }

  @Test("After the .initial call, each change is reported once as usual")
  func initialThenChanges() {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.initial, .new])
    document.title = "Final"
    #expect(recorder.changes.map { $0.new(as: String.self) } == ["Draft", "Final"])
  }

  @Test("With .prior, each change is reported twice: a prior call, then the change")
  func priorAddsACallBeforeEachChange() {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.prior])
    document.title = "Final"
    document.title = "Published"
    #expect(recorder.changes.map(\.isPrior) == [true, false, true, false])
  }

  @Test("The prior call carries the old value (with .old) and never a new value")
  func priorCarriesOldValueOnly() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.prior, .old, .new])
    document.title = "Final"
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.kind == .setting)
    #expect(prior.old(as: String.self) == "Draft")
    #expect(prior.newValue == nil)
    let after = recorder.changes[1]
    #expect(!after.isPrior)
    #expect(after.old(as: String.self) == "Draft")
    #expect(after.new(as: String.self) == "Final")
  }

  @Test("Without .old, the prior call carries no value at all")
  func priorWithoutOldCarriesNothing() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.prior, .new])
    document.title = "Final"
    let prior = try #require(recorder.changes.first)
    #expect(prior.isPrior)
    #expect(prior.oldValue == nil)
    #expect(prior.newValue == nil)
  }

  @Test("The prior call runs while the object still holds the old value")
  func priorRunsBeforeTheStore() {
    let document = Document(title: "Draft")
    var seen: [(isPrior: Bool, title: String)] = []
    let observer = ReactingObserver { _, change in seen.append((change.isPrior, document.title)) }
    document.addObserver(observer, forKeyPath: \.title, options: [.prior])
    document.title = "Final"
    #expect(seen.map(\.isPrior) == [true, false])
    #expect(seen.map(\.title) == ["Draft", "Final"])
    #expect(observer.callCount == 2)
  }

  @Test("A prior call goes only to registrations that asked for .prior")
  func priorOnlyForThoseWhoAsked() {
    let document = Document()
    let withPrior = ChangeRecorder()
    let withoutPrior = ChangeRecorder()
    document.addObserver(withPrior, forKeyPath: \.title, options: [.prior])
    document.addObserver(withoutPrior, forKeyPath: \.title)
    document.title = "Final"
    #expect(withPrior.changes.map(\.isPrior) == [true, false])
    #expect(withoutPrior.changes.map(\.isPrior) == [false])
  }

  @Test(
    "Options describe themselves as a list",
    arguments: zip(
      [[], [.new], [.old, .new], [.prior, .initial, .new, .old]] as [KeyValueObservingOptions],
      ["[]", "[.new]", "[.old, .new]", "[.old, .new, .initial, .prior]"]
    )
  )
  func optionsDescription(options: KeyValueObservingOptions, expected: String) {
    #expect(options.description == expected)
  }
}
