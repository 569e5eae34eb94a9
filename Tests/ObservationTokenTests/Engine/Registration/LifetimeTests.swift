import Testing

@testable import ObservationToken

@Suite("Lifetime")
struct LifetimeTests {
  @Test("Registering does not retain the observer")
  func observerIsNotRetained() {
    let document = Document()
    weak var weakObserver: ChangeRecorder?
    do {
      let observer = ChangeRecorder()
      weakObserver = observer
      document.addObserver(observer, forKeyPath: \.title)
      document.addObserver(observer, forKeyPath: \.displayTitle, options: [.initial, .prior, .old, .new])
      document.title = "Final"
    }
    #expect(weakObserver == nil)
  }

  @Test("A chain registration does not retain the observer")
  func chainDoesNotRetainObserver() {
    let cell = DocumentCell(document: Document())
    weak var weakObserver: ChangeRecorder?
    do {
      let observer = ChangeRecorder()
      weakObserver = observer
      cell.addObserver(observer, forKeyPath: \.document?.title, options: [.old, .new])
      cell.document?.title = "Final"
    }
    #expect(weakObserver == nil)
  }

  @Test("An observed object is deallocated when released, even with registrations on it")
  func subjectIsDeallocated() {
    let observer = ChangeRecorder()
    weak var weakDocument: Document?
    do {
      let document = Document()
      weakDocument = document
      document.addObserver(observer, forKeyPath: \.title, options: [.old, .new])
      document.addObserver(observer, forKeyPath: \.tags, options: [.prior, .old, .new])
      document.addObserver(observer, forKeyPath: \.displayTitle, options: [.old, .new])
      document.title = "Final"
      document.$tags.append("tag")
    }
    #expect(weakDocument == nil)
    #expect(observer.count == 4)
  }

  @Test("The root of a chain is deallocated when released, and stops observing the object along the way")
  func chainRootIsDeallocated() {
    let document = Document()
    let counter = NotificationCounter()
    let observer = CountingObserver(into: counter)
    weak var weakCell: DocumentCell?
    do {
      let cell = DocumentCell(document: document)
      weakCell = cell
      cell.addObserver(observer, forKeyPath: \.document?.title)
    }
    #expect(weakCell == nil)
    withExtendedLifetime(observer) {
      document.title = "After the cell is gone"
      #expect(counter.count == 0)
      #expect(document.observationDescription == "Document observations:\n  (none)")
    }
  }

  @Test("An object along a chain is deallocated once the chain no longer reaches it")
  func replacedIntermediateIsDeallocated() {
    let cell = DocumentCell()
    let observer = ChangeRecorder()
    cell.addObserver(observer, forKeyPath: \.document?.title)
    weak var weakDocument: Document?
    do {
      let document = Document()
      weakDocument = document
      cell.document = document
    }
    cell.document = nil
    #expect(weakDocument == nil)
    #expect(observer.count == 2)
  }

  @Test("When a chain's root is released, its registration is freed, not kept alive by the object along the way")
  func chainRegistrationIsFreed() {
    let document = Document()
    weak var weakRegistration: AnyObject?
    do {
      let cell = DocumentCell(document: document)
      let registration = cell.registerStarted(
        \.document?.title, options: [], handler: ErasedChangeHandler { _, _ in true })
      weakRegistration = registration
    }
    #expect(weakRegistration == nil)
  }

  @Test("When an observed object is released, its registrations are freed")
  func directRegistrationIsFreed() {
    weak var weakRegistration: AnyObject?
    do {
      let document = Document()
      let registration = document.registerStarted(\.title, options: [], handler: ErasedChangeHandler { _, _ in true })
      weakRegistration = registration
    }
    #expect(weakRegistration == nil)
  }

  @Test("An observer that owns the object it observes forms no cycle")
  func observerOwningSubjectIsFreed() {
    weak var weakViewModel: DetailViewModel?
    weak var weakDocument: Document?
    do {
      let viewModel = DetailViewModel(document: Document())
      weakViewModel = viewModel
      weakDocument = viewModel.document
      viewModel.document.title = "Final"
    }
    #expect(weakViewModel == nil)
    #expect(weakDocument == nil)
  }

  @Test("An observer released by an earlier observer during delivery is not messaged")
  func observerReleasedDuringDelivery() {
    let document = Document()
    let counter = NotificationCounter()
    var doomed: CountingObserver? = CountingObserver(into: counter)
    let releaser = ReactingObserver { _, _ in doomed = nil }
    document.addObserver(releaser, forKeyPath: \.title)
    document.addObserver(doomed!, forKeyPath: \.title)
    document.title = "Final"
    #expect(releaser.callCount == 1)
    #expect(doomed == nil)
    #expect(counter.count == 0)
  }

  @Test("An object released during delivery by its own observer finishes the delivery safely")
  func subjectReleasedDuringDelivery() {
    var document: Document? = Document()
    weak let weakDocument = document
    let recorder = ChangeRecorder()
    let releaser = ReactingObserver { _, _ in document = nil }
    document?.addObserver(releaser, forKeyPath: \.title)
    document?.addObserver(recorder, forKeyPath: \.title)
    document?.title = "Final"
    #expect(releaser.callCount == 1)
    #expect(weakDocument == nil)
    #expect(recorder.count == 1)
  }
}
