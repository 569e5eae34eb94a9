import ObservationToken
import Testing

/// Observers acting on the engine from inside a delivery.
@Suite("Reentrancy")
struct ReentrancyTests {
  @Test("An observer can remove itself during delivery; it gets this change and no later one")
  func removesItself() throws {
    let document = Document()
    var removalErrors: [KeyValueObservingError] = []
    let observer = ReactingObserver { observer, _ in
      do throws(KeyValueObservingError) {
        try document.removeObserver(observer, forKeyPath: \.title)
      } catch {
        removalErrors.append(error)
      }
    }
    let later = ChangeRecorder()
    document.addObserver(observer, forKeyPath: \.title)
    document.addObserver(later, forKeyPath: \.title)
    document.title = "First"
    document.title = "Second"
    #expect(removalErrors.isEmpty)
    #expect(observer.callCount == 1)
    #expect(later.count == 2)
  }

  /// The raw layer files a registration before its `.initial` call, so the call can find it.
  @Test("A raw observer can remove itself from its .initial call, directly or through a chain")
  func removesItselfFromInitialCall() {
    let cell = DocumentCell(document: Document())
    var removalErrors: [KeyValueObservingError] = []
    let direct = ReactingObserver { observer, _ in
      do throws(KeyValueObservingError) {
        try cell.removeObserver(observer, forKeyPath: \.document)
      } catch {
        removalErrors.append(error)
      }
    }
    let chained = ReactingObserver { observer, _ in
      do throws(KeyValueObservingError) {
        try cell.removeObserver(observer, forKeyPath: \.document?.title)
      } catch {
        removalErrors.append(error)
      }
    }
    cell.addObserver(direct, forKeyPath: \.document, options: [.initial])
    cell.addObserver(chained, forKeyPath: \.document?.title, options: [.initial])
    cell.document = Document()
    cell.document?.title = "Second"
    #expect(removalErrors.isEmpty, "the .initial call could not find its own registration")
    #expect(direct.callCount == 1)
    #expect(chained.callCount == 1)
  }

  @Test("A derived registration can remove itself during delivery")
  func derivedRemovesItself() {
    let cell = DocumentCell(document: Document())
    var removalErrors: [KeyValueObservingError] = []
    let observer = ReactingObserver { observer, _ in
      do throws(KeyValueObservingError) {
        try cell.removeObserver(observer, forKeyPath: \.document?.displayTitle)
      } catch {
        removalErrors.append(error)
      }
    }
    cell.addObserver(observer, forKeyPath: \.document?.displayTitle)
    cell.document?.isFavorite = true
    cell.document?.title = "Second"
    #expect(removalErrors.isEmpty)
    #expect(observer.callCount == 1)
  }

  @Test("An observer that removes one not yet called stops it from getting the change under way")
  func removesOneNotYetCalled() {
    let document = Document()
    let victim = ChangeRecorder()
    let afterVictim = ChangeRecorder()
    var removalErrors: [KeyValueObservingError] = []
    let remover = ReactingObserver { _, _ in
      do throws(KeyValueObservingError) {
        try document.removeObserver(victim, forKeyPath: \.title)
      } catch {
        removalErrors.append(error)
      }
    }
    document.addObserver(remover, forKeyPath: \.title)
    document.addObserver(victim, forKeyPath: \.title)
    document.addObserver(afterVictim, forKeyPath: \.title)
    document.title = "Final"
    #expect(removalErrors.isEmpty)
    #expect(remover.callCount == 1)
    #expect(victim.count == 0)
    #expect(afterVictim.count == 1)
  }

  @Test("An observer that removes one already called leaves it this change, but not the next")
  func removesOneAlreadyCalled() {
    let document = Document()
    let victim = ChangeRecorder()
    let remover = ReactingObserver { remover, _ in
      if remover.callCount == 1 { try? document.removeObserver(victim, forKeyPath: \.title) }
    }
    document.addObserver(victim, forKeyPath: \.title)
    document.addObserver(remover, forKeyPath: \.title)
    document.title = "First"
    document.title = "Second"
    #expect(victim.count == 1)
    #expect(remover.callCount == 2)
  }

  @Test("An observer added during delivery is not called for the change under way, but for the next")
  func addsAnObserver() {
    let document = Document()
    let added = ChangeRecorder()
    let adder = ReactingObserver { adder, _ in
      if adder.callCount == 1 { document.addObserver(added, forKeyPath: \.title, options: [.new]) }
    }
    document.addObserver(adder, forKeyPath: \.title)
    document.title = "First"
    #expect(added.count == 0)
    document.title = "Second"
    #expect(added.changes.map { $0.new(as: String.self) } == ["Second"])
    #expect(adder.callCount == 2)
  }

  @Test("An observer added during delivery with .initial gets its initial call at once")
  func addsAnObserverWithInitial() {
    let document = Document()
    let added = ChangeRecorder()
    let adder = ReactingObserver { adder, _ in
      if adder.callCount == 1 { document.addObserver(added, forKeyPath: \.title, options: [.initial, .new]) }
    }
    document.addObserver(adder, forKeyPath: \.title)
    document.title = "First"
    #expect(added.changes.map { $0.new(as: String.self) } == ["First"])
    #expect(adder.callCount == 1)
  }

  @Test("An observer can set the property again during delivery: a nested change, delivered in full")
  func setsThePropertyAgain() {
    let document = Document(title: "Draft")
    let setter = ReactingObserver { _, _ in
      if document.title != "Corrected" { document.title = "Corrected" }
    }
    let later = ChangeRecorder()
    document.addObserver(setter, forKeyPath: \.title)
    document.addObserver(later, forKeyPath: \.title, options: [.old, .new])
    document.title = "Typo"
    #expect(document.title == "Corrected")
    #expect(setter.callCount == 2)
    // The nested change reaches `later` first; the outer one follows with its own values.
    let values = later.changes.map { [$0.old(as: String.self), $0.new(as: String.self)] }
    #expect(values == [["Typo", "Corrected"], ["Draft", "Typo"]])
  }

  @Test("An observer can change the collection it observes during delivery")
  func changesTheCollectionAgain() {
    let document = Document()
    let normalizer = ReactingObserver { _, change in
      if change.kind == .insertion, document.tags.count == 1 { document.$tags.append("normalized") }
    }
    let later = ChangeRecorder()
    document.addObserver(normalizer, forKeyPath: \.tags)
    document.addObserver(later, forKeyPath: \.tags)
    document.$tags.append("first")
    #expect(document.tags == ["first", "normalized"])
    #expect(later.changes.map(\.indexes) == [RangeSet(1..<2), RangeSet(0..<1)])
    #expect(normalizer.callCount == 2)
  }

  @Test("An observer of a computed property can set one of its dependencies during delivery")
  func derivedSetsADependency() {
    let document = Document(title: "Draft")
    let observer = ReactingObserver { _, _ in
      if !document.isFavorite { document.isFavorite = true }
    }
    let recorder = ChangeRecorder()
    document.addObserver(observer, forKeyPath: \.displayTitle)
    document.addObserver(recorder, forKeyPath: \.displayTitle, options: [.new])
    document.title = "Final"
    #expect(document.displayTitle == "★ Final")
    #expect(observer.callCount == 2)
    // One call per dependency change; the last one reports the value the object ends with.
    #expect(recorder.count == 2)
    #expect(recorder.changes.last?.new(as: String.self) == "★ Final")
  }

  @Test("An observer can set another observed property during delivery")
  func setsAnotherProperty() {
    let document = Document()
    let favoriteRecorder = ChangeRecorder()
    let marker = ReactingObserver { _, _ in document.isFavorite = true }
    document.addObserver(marker, forKeyPath: \.title)
    document.addObserver(favoriteRecorder, forKeyPath: \.isFavorite, options: [.new])
    document.title = "Final"
    #expect(favoriteRecorder.changes.map { $0.new(as: Bool.self) } == [true])
    #expect(marker.callCount == 1)
  }
}
