import ObservationToken
import Testing

/// KVO's classic trap: a superclass and its subclass observe the same key path of the
/// same object, each with its own context. Each must receive only its own calls, and
/// removing one registration must leave the other working — with contexts kept as KVO
/// keeps them (a variable's address) or as ``KeyValueObservingContext`` objects.
@Suite("Superclass and subclass contexts")
struct ContextTrapTests {
  @Test("Superclass and subclass each receive their own notification of one change", arguments: ContextStyle.allCases)
  func eachReceivesItsOwn(style: ContextStyle) {
    let viewModel = style.makeViewModel(document: Document())
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles == ["Final"])
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test(
    "Removing the subclass's registration with its context leaves the superclass's working",
    arguments: ContextStyle.allCases
  )
  func removingSubclassKeepsSuperclass(style: ContextStyle) throws {
    let viewModel = style.makeViewModel(document: Document())
    try viewModel.stopObservingAsDetail()
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles.isEmpty)
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test(
    "Removing the superclass's registration with its context leaves the subclass's working",
    arguments: ContextStyle.allCases
  )
  func removingSuperclassKeepsSubclass(style: ContextStyle) throws {
    let viewModel = style.makeViewModel(document: Document())
    try viewModel.stopObservingAsBase()
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles.isEmpty)
    #expect(viewModel.detailTitles == ["Final"])
    #expect(viewModel.unexpectedCalls == 0)
  }

  @Test(
    "Removing the same context twice throws the second time and leaves the other registration working",
    arguments: ContextStyle.allCases
  )
  func removingTwiceThrows(style: ContextStyle) throws {
    let viewModel = style.makeViewModel(document: Document())
    try viewModel.stopObservingAsDetail()
    #expect(throws: KeyValueObservingError.self) { try viewModel.stopObservingAsDetail() }
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
  }

  @Test(
    "A removal without a context takes the most recent registration: the subclass's",
    arguments: ContextStyle.allCases
  )
  func removalWithoutContextTakesSubclass(style: ContextStyle) throws {
    let viewModel = style.makeViewModel(document: Document())
    try viewModel.document.removeObserver(viewModel, forKeyPath: \.title)
    viewModel.document.title = "Final"
    #expect(viewModel.baseTitles == ["Final"])
    #expect(viewModel.detailTitles.isEmpty)
  }
}

@Suite("Context objects")
struct ContextObjectTests {
  @Test("A context matches its own pointer only, in guard and switch alike")
  func matchesItsOwnPointer() {
    let first = KeyValueObservingContext()
    let second = KeyValueObservingContext()
    #expect(first ~= first.pointer)
    #expect(!(first ~= second.pointer))
    #expect(!(first ~= nil))
    #expect(first == first && first != second)
    #expect(first.description == "\(first.pointer)")
  }

  @Test("An observer receives the context's pointer, and a removal with the context ends the registration")
  func observerReceivesPointer() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    let context = KeyValueObservingContext()
    document.addObserver(recorder, forKeyPath: \.title, options: [.new], context: context)
    document.title = "Draft"
    try document.removeObserver(recorder, forKeyPath: \.title, context: context)
    document.title = "Final"
    #expect(recorder.changes.map(\.context) == [context.pointer])
    #expect(throws: KeyValueObservingError.self) {
      try document.removeObserver(recorder, forKeyPath: \.title, context: context)
    }
  }

  @Test("A registration keeps its context object alive until it ends")
  func registrationKeepsContextAlive() throws {
    let document = Document()
    let recorder = ChangeRecorder()
    weak var released: KeyValueObservingContext?
    let pointer: UnsafeMutableRawPointer
    do {
      let context = KeyValueObservingContext()
      released = context
      pointer = context.pointer
      document.addObserver(recorder, forKeyPath: \.title, context: context)
    }
    #expect(released != nil)
    try document.removeObserver(recorder, forKeyPath: \.title, context: pointer)
    #expect(released == nil)
  }
}
