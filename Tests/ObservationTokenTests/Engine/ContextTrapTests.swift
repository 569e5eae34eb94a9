import ObservationToken
import Testing

/// KVO's classic trap: a superclass and its subclass observe the same key path of the
/// same object, each with its own context. Each must receive only its own calls, and
/// removing one registration must leave the other working.
@Suite("Superclass and subclass contexts")
struct ContextTrapTests {
  @Test("Superclass and subclass each receive their own notification of one change")
  func eachReceivesItsOwn() {
    let viewModel = DetailViewModel(document: Document())
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles == ["Final"])
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test("Removing the subclass's registration with its context leaves the superclass's working")
  func removingSubclassKeepsSuperclass() throws {
    let viewModel = DetailViewModel(document: Document())
    try viewModel.stopObservingAsDetail()
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles.isEmpty)
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test("Removing the superclass's registration with its context leaves the subclass's working")
  func removingSuperclassKeepsSubclass() throws {
    let viewModel = DetailViewModel(document: Document())
    try viewModel.stopObservingAsBase()
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles.isEmpty)
    #expect(viewModel.detailTitles == ["Final"])
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test("Removing the same context twice throws the second time and leaves the other registration working")
  func removingTwiceThrows() throws {
    let viewModel = DetailViewModel(document: Document())
    try viewModel.stopObservingAsDetail()
    #expect(throws: KeyValueObservingError.self) { try viewModel.stopObservingAsDetail() }
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
  }

  @Test("A removal without a context takes the most recent registration: the subclass's")
  func removalWithoutContextTakesSubclass() throws {
    let viewModel = DetailViewModel(document: Document())
    try viewModel.document.removeObserver(viewModel, forKeyPath: \.title)
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles.isEmpty)
  }
}
