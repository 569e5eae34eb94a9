import Foundation
import ObservationToken
import Testing

@Suite("@Observed properties")
struct ObservedTests {
  @Test("An @Observed property reads back what was set, like a plain var")
  func readsBackWhatWasSet() {
    let document = Document(title: "Draft")
    #expect(document.title == "Draft")
    document.title = "Final"
    document.isFavorite = true
    #expect(document.title == "Final")
    #expect(document.isFavorite)
  }

  @Test("An observed property still stores what is set")
  func observedPropertyStores() {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    document.title = "Final"
    #expect(document.title == "Final")
  }

  @Test("Each set notifies once, with the values before and after")
  func setNotifiesOnceWithOldAndNew() throws {
    let document = Document(title: "Draft")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.old, .new])
    document.title = "Final"
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.old(as: String.self) == "Draft")
    #expect(change.new(as: String.self) == "Final")
    #expect(change.indexes == nil)
    #expect(!change.isPrior)
  }

  @Test("Successive sets notify in order, each with its own old and new value")
  func successiveSetsChain() {
    let document = Document(title: "A")
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, options: [.old, .new])
    document.title = "B"
    document.title = "C"
    let pairs = recorder.changes.map { [$0.old(as: String.self), $0.new(as: String.self)] }
    #expect(pairs == [["A", "B"], ["B", "C"]])
  }

  @Test("Observers run after the new value is stored: a handler reads the new value")
  func handlerSeesNewValue() {
    let document = Document(title: "Draft")
    var seen: [String] = []
    let observer = ReactingObserver { _, _ in seen.append(document.title) }
    document.addObserver(observer, forKeyPath: \.title)
    document.title = "Final"
    #expect(seen == ["Final"])
    #expect(observer.callCount == 1)
  }

  @Test("Delivery is synchronous: every observer has run when the setter returns")
  func deliveryIsSynchronous() async {
    let document = Document()
    await confirmation(expectedCount: 1) { delivered in
      let observer = ReactingObserver { _, _ in delivered() }
      document.addObserver(observer, forKeyPath: \.title)
      withExtendedLifetime(observer) { document.title = "Final" }
    }
  }

  @Test("Observers run on the thread that sets the property")
  func handlersRunOnSettingThread() throws {
    let document = Document()
    let threads = ThreadRecorder()
    document.addObserver(threads, forKeyPath: \.title)
    let setter = LockedValue<ThreadReference?>(nil)
    let finished = startThread {
      setter.withLock { $0 = ThreadReference(Thread.current) }
      document.title = "Set elsewhere"
    }.join()
    try #require(finished)
    let setterThread = try #require(setter.withLock { $0 })
    #expect(setterThread.thread !== Thread.current)
    #expect(threads.threads.count == 1)
    #expect(threads.threads.first?.thread === setterThread.thread)
  }

  @Test("A set reaches only the observers of that property")
  func setReachesOnlyThatProperty() {
    let document = Document()
    let titleRecorder = ChangeRecorder()
    let favoriteRecorder = ChangeRecorder()
    document.addObserver(titleRecorder, forKeyPath: \.title)
    document.addObserver(favoriteRecorder, forKeyPath: \.isFavorite)
    document.title = "Final"
    #expect(titleRecorder.count == 1)
    #expect(favoriteRecorder.count == 0)
  }

  @Test("A set reaches only the observers of that object")
  func setReachesOnlyThatObject() {
    let observed = Document()
    let other = Document()
    let recorder = ChangeRecorder()
    observed.addObserver(recorder, forKeyPath: \.title)
    other.title = "Final"
    #expect(recorder.count == 0)
    observed.title = "Final"
    #expect(recorder.count == 1)
  }

  @Test("The observer is told the key path it registered, the object and its context")
  func observerReceivesKeyPathObjectAndContext() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title, context: Contexts.first)
    document.title = "Final"
    let change = try #require(recorder.onlyChange)
    #expect(change.keyPath == \Document.title)
    #expect(change.object == ObjectIdentifier(document))
    #expect(change.context == Contexts.first)
  }

  @Test("A registration without a context is told a nil context")
  func nilContextIsDelivered() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.title)
    document.title = "Final"
    let change = try #require(recorder.onlyChange)
    #expect(change.context == nil)
  }
}

/// Records the thread each call arrives on.
private final class ThreadRecorder: KeyValueObserving, Sendable {
  private let recorded = LockedValue<[ThreadReference]>([])

  var threads: [ThreadReference] { recorded.withLock { $0 } }

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    let thread = ThreadReference(Thread.current)
    recorded.withLock { $0.append(thread) }
  }
}

/// A strong reference to a thread object, compared only by identity; strong, so no
/// thread object is freed and its address reused while a test compares them.
private struct ThreadReference: @unchecked Sendable {
  let thread: Thread

  init(_ thread: Thread) {
    self.thread = thread
  }
}
