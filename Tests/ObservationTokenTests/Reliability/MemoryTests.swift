import ObservationToken
import Testing

/// Weak references to everything a scenario made, to check afterwards that all of it
/// was freed: observed objects, observers, tokens and what handlers captured.
final class ReliabilityLeakTracker {
  private var tracked: [(name: String, reference: ReliabilityWeak<AnyObject>)] = []

  /// Tracks `object` and returns it.
  @discardableResult
  func track<Object: AnyObject>(_ object: Object, _ name: String) -> Object {
    tracked.append((name, ReliabilityWeak(object)))
    return object
  }

  /// The names of the tracked objects still alive.
  var survivors: [String] { tracked.filter { $0.reference.isAlive }.map(\.name) }

  /// `body`, as a closure that also captures a new object tracked as `name`.
  func capturing<Input, Output>(_ name: String, _ body: @escaping (Input) -> Output) -> (Input) -> Output {
    let probe = track(ReliabilityProbe(), name)
    return { input in
      withExtendedLifetime(probe) {}
      return body(input)
    }
  }

  /// `body`, as a closure that also captures a new object tracked as `name`.
  func capturing(_ name: String, _ body: @escaping () -> Void) -> () -> Void {
    let probe = track(ReliabilityProbe(), name)
    return {
      withExtendedLifetime(probe) {}
      body()
    }
  }

  func isAlive(_ name: String) -> Bool {
    tracked.contains { $0.name == name && $0.reference.isAlive }
  }
}

extension ReliabilityDocument {
  convenience init(title: String = "A") {
    self.init(serial: 0, title: title, isFavorite: false, tags: [])
  }
}

/// A plain object a binding writes to.
final class ReliabilityBindingTarget {
  var text = ""
  var count = 0
}

/// An object that keeps a token whose handler captures the object itself: the cycle a
/// view model makes with `observe { self.… }`, broken only by ending the observation.
final class ReliabilityViewModel {
  var token: ObservationToken?
  var calls = 0

  init(observing document: ReliabilityDocument) {
    token = document.observe(\.title) { _, _ in self.calls += 1 }
  }
}

/// The shapes of key path the memory scenarios observe; each one's value changes when
/// the document's title or tags change.
enum ReliabilityMemoryShape: CaseIterable, CustomTestStringConvertible {
  case property, collection, derived, mirror, chain, chainDerived

  var testDescription: String {
    switch self {
    case .property: "\\.title"
    case .collection: "\\.tags"
    case .derived: "\\.displayTitle"
    case .mirror: "\\.tagList"
    case .chain: "\\Cell.document?.title"
    case .chainDerived: "\\Cell.document?.displayTitle"
    }
  }

  var subjectIsDocument: Bool { self != .chain && self != .chainDerived }

  /// Observes `document` through a subject of this shape (a new cell for chains).
  func observe(
    _ document: ReliabilityDocument,
    options: KeyValueObservingOptions = [],
    handler: @escaping () -> Void
  ) -> (token: ObservationToken, subject: AnyObject) {
    switch self {
    case .property: return (document.observe(\.title, options: options) { _, _ in handler() }, document)
    case .collection: return (document.observe(\.tags, options: options) { _, _ in handler() }, document)
    case .derived: return (document.observe(\.displayTitle, options: options) { _, _ in handler() }, document)
    case .mirror: return (document.observe(\.tagList, options: options) { _, _ in handler() }, document)
    case .chain, .chainDerived:
      let cell = ReliabilityCell(serial: 0, document: document)
      let token =
        self == .chain
        ? cell.observe(\.document?.title, options: options) { _, _ in handler() }
        : cell.observe(\.document?.displayTitle, options: options) { _, _ in handler() }
      return (token, cell)
    }
  }

  /// Adds a raw registration through `subject`, which `observe` returned.
  func addObserver(_ observer: any KeyValueObserving, to subject: AnyObject) {
    let options: KeyValueObservingOptions = [.old, .new, .prior]
    switch self {
    case .property: (subject as! ReliabilityDocument).addObserver(observer, forKeyPath: \.title, options: options)
    case .collection: (subject as! ReliabilityDocument).addObserver(observer, forKeyPath: \.tags, options: options)
    case .derived:
      (subject as! ReliabilityDocument).addObserver(observer, forKeyPath: \.displayTitle, options: options)
    case .mirror: (subject as! ReliabilityDocument).addObserver(observer, forKeyPath: \.tagList, options: options)
    case .chain: (subject as! ReliabilityCell).addObserver(observer, forKeyPath: \.document?.title, options: options)
    case .chainDerived:
      (subject as! ReliabilityCell).addObserver(observer, forKeyPath: \.document?.displayTitle, options: options)
    }
  }

  /// Changes what this shape observes, through the document.
  func change(_ document: ReliabilityDocument, _ step: Int = 0) {
    switch self {
    case .collection, .mirror:
      document.$tags.append("tag \(step)")
      document.$tags[0] = "first \(step)"
    case .property, .derived, .chain, .chainDerived:
      document.title = "title \(step)"
    }
  }
}

/// Counts calls of a raw observer.
final class ReliabilityCountingObserver: KeyValueObserving {
  var calls = 0

  func observeValue(
    forKeyPath keyPath: AnyKeyPath,
    of object: AnyObject,
    change: KeyValueChange,
    context: UnsafeMutableRawPointer?
  ) {
    calls += 1
  }
}

@Suite("Reliability: memory")
struct MemoryTests {
  // MARK: Tokens, in every release order

  @Test("Token released first, then the subject: everything is freed", arguments: ReliabilityMemoryShape.allCases)
  func tokenReleasedFirst(shape: ReliabilityMemoryShape) {
    let tracker = ReliabilityLeakTracker()
    var calls = 0
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      var observation: (token: ObservationToken, subject: AnyObject)? = shape.observe(
        document,
        options: [.initial, .prior],
        handler: tracker.capturing("capture") { calls += 1 }
      )
      tracker.track(observation!.token, "token")
      tracker.track(observation!.subject, "subject")
      shape.change(document, 1)
      let subject = observation!.subject
      observation = nil
      // The token's release ends the observation and frees its handler at once.
      #expect(!tracker.isAlive("token"))
      #expect(!tracker.isAlive("capture"))
      shape.change(document, 2)
      withExtendedLifetime(subject) {}
    }
    #expect(calls > 1)
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test(
    "Subject released first, token kept: the handler is freed with the subject, then the token",
    arguments: ReliabilityMemoryShape.allCases
  )
  func subjectReleasedFirst(shape: ReliabilityMemoryShape) {
    let tracker = ReliabilityLeakTracker()
    let survivor = ReliabilityDocument(title: "survivor")
    var calls = 0
    do {
      let token: ObservationToken
      do {
        let document = shape.subjectIsDocument ? tracker.track(ReliabilityDocument(), "document") : survivor
        let probe = tracker.track(ReliabilityProbe(), "capture")
        let observation = shape.observe(document, options: [.prior]) {
          calls += 1
          withExtendedLifetime(probe) {}
        }
        token = tracker.track(observation.token, "token")
        tracker.track(observation.subject, "subject")
        shape.change(document, 1)
      }
      // The subject is gone: the token is invalid and keeps nothing of the handler.
      #expect(!tracker.isAlive("subject"))
      #expect(!token.isValid)
      #expect(!tracker.isAlive("capture"))
      let callsBefore = calls
      shape.change(survivor, 2)
      #expect(calls == callsBefore)
      token.invalidate()
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test(
    "invalidate() frees the handler at once, while the token is still held",
    arguments: ReliabilityMemoryShape.allCases
  )
  func invalidateFreesHandler(shape: ReliabilityMemoryShape) {
    let tracker = ReliabilityLeakTracker()
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let observation = shape.observe(document, handler: tracker.capturing("capture") {})
      tracker.track(observation.subject, "subject")
      tracker.track(observation.token, "token")
      shape.change(document)
      observation.token.invalidate()
      #expect(!tracker.isAlive("capture"))
      #expect(tracker.isAlive("token"))
      observation.token.invalidate()
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  // MARK: Chains

  @Test("A chain holds none of the documents it went through; each is freed when replaced")
  func chainReleasesReplacedDocuments() {
    let tracker = ReliabilityLeakTracker()
    var values: [String?] = []
    do {
      let cell = tracker.track(ReliabilityCell(serial: 0, document: nil), "cell")
      let probe = tracker.track(ReliabilityProbe(), "capture")
      let tokens = [
        cell.observe(\.document?.title) { _, change in
          values.append(change.newValue ?? nil)
          withExtendedLifetime(probe) {}
        },
        cell.observe(\.document?.displayTitle, options: [.prior]) { _, _ in },
        cell.observe(\.document?.tags, removingDuplicates: true) { _, _ in },
      ]
      for (index, token) in tokens.enumerated() { tracker.track(token, "token \(index)") }
      for step in 0..<5 {
        let document = tracker.track(ReliabilityDocument(title: "doc \(step)"), "document \(step)")
        cell.document = document
        document.title = "doc \(step), edited"
        document.$tags.append("tag")
        if step > 0 {
          #expect(!tracker.isAlive("document \(step - 1)"), "document \(step - 1) outlived its replacement")
        }
      }
      cell.document = nil
      #expect(!tracker.isAlive("document 4"))
      withExtendedLifetime(tokens) {}
    }
    #expect(values.count == 11)
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test("A handler that empties the chain's cell from inside a delivery frees the document after the change")
  func chainEmptiedFromInsideDelivery() {
    let tracker = ReliabilityLeakTracker()
    var calls = 0
    do {
      let cell = tracker.track(ReliabilityCell(serial: 0, document: nil), "cell")
      cell.document = tracker.track(ReliabilityDocument(), "document")
      let token = tracker.track(
        cell.observe(\.document?.title) { cell, _ in
          calls += 1
          // Emptying the cell is itself a change of the chain: set it only once.
          if cell.document != nil { cell.document = nil }
        },
        "token"
      )
      cell.document?.title = "Changed"
      #expect(cell.document == nil)
      #expect(!tracker.isAlive("document"))
      withExtendedLifetime(token) {}
    }
    #expect(calls == 2)
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  // MARK: Bindings

  enum BindingRelease: CaseIterable {
    case tokenFirst, subjectFirst, targetFirst
  }

  @Test(
    "A binding frees its subject, target, token and transform in every release order",
    arguments: BindingRelease.allCases
  )
  func bindingReleaseOrders(order: BindingRelease) {
    let tracker = ReliabilityLeakTracker()
    do {
      var document: ReliabilityDocument? = tracker.track(ReliabilityDocument(), "document")
      var target: ReliabilityBindingTarget? = tracker.track(ReliabilityBindingTarget(), "target")
      var token: ObservationToken? = tracker.track(
        document!.bind(
          \.displayTitle,
          to: target!,
          \.text,
          transform: tracker.capturing("transform capture") { (value: String) in value.uppercased() }
        ),
        "token"
      )
      document!.title = "bound"
      #expect(target!.text == "BOUND")
      switch order {
      case .tokenFirst:
        token = nil
        #expect(!tracker.isAlive("transform capture"))
      case .subjectFirst:
        document = nil
        #expect(token?.isValid == false)
        #expect(!tracker.isAlive("transform capture"))
      case .targetFirst:
        target = nil
        #expect(token?.isValid == false)
        // The binding notices at the next change, and ends.
        document!.title = "after the target"
        #expect(!tracker.isAlive("transform capture"))
      }
      token = nil
      document = nil
      target = nil
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test("Two bindings in opposite directions between two objects, kept in a bag, free everything")
  func twoWayBindingInBag() {
    let tracker = ReliabilityLeakTracker()
    do {
      let first = tracker.track(ReliabilityDocument(title: "first"), "first")
      let second = tracker.track(ReliabilityDocument(title: "second"), "second")
      var bag = ObservationBag()
      first.bind(\.title, to: second, \.title).store(in: &bag)
      second.bind(\.title, to: first, \.title).store(in: &bag)
      #expect(second.title == "first")
      second.title = "edited"
      #expect(first.title == "edited")
      #expect(bag.count == 2)
      withExtendedLifetime(bag) {}
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  // MARK: Bags

  @Test("removeAll() frees the bag's tokens and their handlers; a released bag does too", arguments: [true, false])
  func bags(emptied: Bool) {
    let tracker = ReliabilityLeakTracker()
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      var bag = ObservationBag()
      for (index, shape) in ReliabilityMemoryShape.allCases.enumerated() {
        let observation = shape.observe(
          document,
          options: [.initial],
          handler: tracker.capturing("capture \(index)") {}
        )
        tracker.track(observation.token, "token \(index)")
        observation.token.store(in: &bag)
        // A chain's cell must outlive the scope of this loop to keep observing.
        withExtendedLifetime(observation.subject) { shape.change(document, index) }
      }
      if emptied {
        bag.removeAll()
        #expect(bag.isEmpty)
        #expect(tracker.survivors == ["document"])
      }
      withExtendedLifetime(bag) {}
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  // MARK: Raw observers

  enum RawRelease: CaseIterable {
    case observerFirst, subjectFirst, removedFirst
  }

  @Test(
    "Raw observers are held weakly and their registrations free nothing late, in every release order",
    arguments: ReliabilityMemoryShape.allCases, RawRelease.allCases
  )
  func rawObservers(shape: ReliabilityMemoryShape, order: RawRelease) throws {
    let tracker = ReliabilityLeakTracker()
    let survivor = ReliabilityDocument(title: "survivor")
    do {
      var observer: ReliabilityCountingObserver? = tracker.track(ReliabilityCountingObserver(), "observer")
      var document: ReliabilityDocument? =
        shape.subjectIsDocument ? tracker.track(ReliabilityDocument(), "document") : survivor
      var subject: AnyObject? =
        shape.subjectIsDocument ? document : ReliabilityCell(serial: 0, document: document)
      tracker.track(subject!, "subject")
      shape.addObserver(observer!, to: subject!)
      shape.addObserver(observer!, to: subject!)
      shape.change(document!, 1)
      #expect(observer!.calls > 0)
      switch order {
      case .observerFirst:
        observer = nil
        // A change prunes the registrations of the released observer.
        shape.change(document!, 2)
      case .subjectFirst:
        subject = nil
        document = nil
        #expect(!tracker.isAlive("subject"))
      case .removedFirst:
        for _ in 0..<2 { try removeObserver(observer!, shape: shape, from: subject!) }
        let calls = observer!.calls
        shape.change(document!, 2)
        #expect(observer!.calls == calls)
      }
      observer = nil
      subject = nil
      document = nil
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  private func removeObserver(
    _ observer: ReliabilityCountingObserver,
    shape: ReliabilityMemoryShape,
    from subject: AnyObject
  ) throws {
    switch shape {
    case .property: try (subject as! ReliabilityDocument).removeObserver(observer, forKeyPath: \.title)
    case .collection: try (subject as! ReliabilityDocument).removeObserver(observer, forKeyPath: \.tags)
    case .derived: try (subject as! ReliabilityDocument).removeObserver(observer, forKeyPath: \.displayTitle)
    case .mirror: try (subject as! ReliabilityDocument).removeObserver(observer, forKeyPath: \.tagList)
    case .chain: try (subject as! ReliabilityCell).removeObserver(observer, forKeyPath: \.document?.title)
    case .chainDerived: try (subject as! ReliabilityCell).removeObserver(observer, forKeyPath: \.document?.displayTitle)
    }
  }

  // MARK: Tokens that capture themselves, and cycles through the observer

  @Test("A handler holding its own token: invalidate() breaks the cycle", arguments: ReliabilityMemoryShape.allCases)
  func selfCapturingTokenInvalidated(shape: ReliabilityMemoryShape) {
    let tracker = ReliabilityLeakTracker()
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let box = ReliabilityTokenBox()
      let observation = shape.observe(document) { withExtendedLifetime(box) {} }
      box.token = tracker.track(observation.token, "token")
      tracker.track(box, "box")
      withExtendedLifetime(observation.subject) { shape.change(document) }
      box.token?.invalidate()
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test(
    "A handler holding its own token: the subject's release breaks the cycle",
    arguments: ReliabilityMemoryShape.allCases
  )
  func selfCapturingTokenSubjectReleased(shape: ReliabilityMemoryShape) {
    let tracker = ReliabilityLeakTracker()
    let survivor = ReliabilityDocument(title: "survivor")
    do {
      let document = shape.subjectIsDocument ? tracker.track(ReliabilityDocument(), "document") : survivor
      let box = tracker.track(ReliabilityTokenBox(), "box")
      let observation = shape.observe(document) { withExtendedLifetime(box) {} }
      box.token = tracker.track(observation.token, "token")
      tracker.track(observation.subject, "subject")
      withExtendedLifetime(observation.subject) { shape.change(document) }
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test(
    "A view model whose token's handler captures the view model: invalidate() or the subject's release frees it",
    arguments: [true, false]
  )
  func viewModelCycle(invalidates: Bool) {
    let tracker = ReliabilityLeakTracker()
    do {
      var document: ReliabilityDocument? = tracker.track(ReliabilityDocument(), "document")
      let viewModel = tracker.track(ReliabilityViewModel(observing: document!), "view model")
      tracker.track(viewModel.token!, "token")
      document!.title = "Changed"
      #expect(viewModel.calls == 1)
      if invalidates { viewModel.token?.invalidate() } else { document = nil }
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  // MARK: Reentrant invalidation

  @Test(
    "A handler invalidating its own token, in the .initial call or in a later one, frees everything",
    arguments: [true, false]
  )
  func invalidatesItself(inInitialCall: Bool) {
    let tracker = ReliabilityLeakTracker()
    var calls = 0
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let token = tracker.track(
        document.observe(
          \.displayTitle,
          options: inInitialCall ? [.initial] : [],
          changeHandler: selfInvalidating(tracker) { calls += 1 }
        ),
        "token"
      )
      #expect(token.isValid == !inInitialCall)
      document.title = "First"
      document.title = "Second"
      #expect(!token.isValid)
      #expect(!tracker.isAlive("capture"))
    }
    #expect(calls == 1)
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  /// A handler that runs `body`, then invalidates its own token; it captures an object
  /// tracked as "capture".
  private func selfInvalidating(
    _ tracker: ReliabilityLeakTracker,
    _ body: @escaping () -> Void
  ) -> (ReliabilityDocument, ObservedChange<String>, ObservationToken) -> Void {
    let handler = tracker.capturing("capture", body)
    return { _, _, token in
      handler()
      token.invalidate()
    }
  }

  @Test("A handler releasing the last reference to its own token, from inside its delivery, frees everything")
  func releasesItsOwnTokenInside() {
    let tracker = ReliabilityLeakTracker()
    var calls = 0
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let box = ReliabilityTokenBox()
      box.token = tracker.track(
        document.observe(\.title) { [weak box] _, _ in
          calls += 1
          box?.token = nil
        },
        "token"
      )
      document.title = "First"
      #expect(!tracker.isAlive("token"))
      document.title = "Second"
      withExtendedLifetime(box) {}
    }
    #expect(calls == 1)
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test("A handler that empties a bag holding itself and the tokens after it: no later call, everything freed")
  func emptiesItsOwnBag() {
    let tracker = ReliabilityLeakTracker()
    var calls: [Int] = []
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let holder = ReliabilityBagHolder()
      for index in 0..<4 {
        let token = document.observe(\.title) { [weak holder] _, _ in
          calls.append(index)
          if index == 1 { holder?.bag.removeAll() }
        }
        tracker.track(token, "token \(index)")
        token.store(in: &holder.bag)
      }
      let raw = tracker.track(ReliabilityCountingObserver(), "raw observer")
      document.addObserver(raw, forKeyPath: \.title)
      document.title = "Changed"
      // Tokens 2 and 3 were invalidated before their turn; the raw observer still runs.
      #expect(calls == [0, 1])
      #expect(raw.calls == 1)
      document.title = "Again"
      #expect(calls == [0, 1])
      #expect(raw.calls == 2)
      withExtendedLifetime(holder) {}
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }

  @Test("A handler that releases a raw observer registered after it: the observer is skipped and freed")
  func releasesLaterObserverInside() {
    let tracker = ReliabilityLeakTracker()
    do {
      let document = tracker.track(ReliabilityDocument(), "document")
      let holder = ReliabilityObserverHolder()
      let token = tracker.track(document.observe(\.tags) { [weak holder] _, _ in holder?.observer = nil }, "token")
      holder.observer = tracker.track(ReliabilityCountingObserver(), "observer")
      document.addObserver(holder.observer!, forKeyPath: \.tags, options: [.prior])
      document.$tags.append("first")
      #expect(!tracker.isAlive("observer"))
      document.$tags.append("second")
      withExtendedLifetime(token) {}
      withExtendedLifetime(holder) {}
    }
    #expect(tracker.survivors.isEmpty, "still alive: \(tracker.survivors)")
  }
}

/// Holds a token for a handler to capture or release.
final class ReliabilityTokenBox {
  var token: ObservationToken?
}

/// Holds a bag for a handler to empty.
final class ReliabilityBagHolder {
  var bag = ObservationBag()
}

/// Holds a raw observer for a handler to release.
final class ReliabilityObserverHolder {
  var observer: ReliabilityCountingObserver?
}
