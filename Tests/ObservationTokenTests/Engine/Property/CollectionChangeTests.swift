import Foundation
import ObservationToken
import Testing

@Suite("Collection changes through the projection")
struct CollectionChangeTests {
  /// A document tagged `a, b, c`, with `recorder` observing its tags with old and new values.
  private func observedTags(options: KeyValueObservingOptions = [.old, .new]) -> (Document, ChangeRecorder) {
    let document = Document(tags: ["a", "b", "c"])
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.tags, options: options)
    return (document, recorder)
  }

  @Test("append is an insertion at the old count, carrying the new element")
  func append() throws {
    let (document, recorder) = observedTags()
    document.$tags.append("d")
    #expect(document.tags == ["a", "b", "c", "d"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(3..<4))
    #expect(change.new(as: [String].self) == ["d"])
    #expect(change.oldValue == nil)
  }

  @Test("append(contentsOf:) is one insertion covering the new range")
  func appendContents() throws {
    let (document, recorder) = observedTags()
    document.$tags.append(contentsOf: ["d", "e"])
    #expect(document.tags == ["a", "b", "c", "d", "e"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(3..<5))
    #expect(change.new(as: [String].self) == ["d", "e"])
    #expect(change.oldValue == nil)
  }

  @Test("append(contentsOf:) with nothing to add changes nothing and notifies nothing")
  func appendNothing() {
    let (document, recorder) = observedTags()
    document.$tags.append(contentsOf: [])
    #expect(document.tags == ["a", "b", "c"])
    #expect(recorder.count == 0)
  }

  @Test("insert(_:at:) is an insertion at that index")
  func insert() throws {
    let (document, recorder) = observedTags()
    document.$tags.insert("x", at: 1)
    #expect(document.tags == ["a", "x", "b", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(1..<2))
    #expect(change.new(as: [String].self) == ["x"])
    #expect(change.oldValue == nil)
  }

  @Test("insert(_:at:) at the count appends")
  func insertAtEnd() throws {
    let (document, recorder) = observedTags()
    document.$tags.insert("d", at: 3)
    #expect(document.tags == ["a", "b", "c", "d"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(3..<4))
  }

  @Test("insert(contentsOf:at:) is one insertion covering the inserted elements")
  func insertContents() throws {
    let (document, recorder) = observedTags()
    document.$tags.insert(contentsOf: ["x", "y"], at: 1)
    #expect(document.tags == ["a", "x", "y", "b", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(1..<3))
    #expect(change.new(as: [String].self) == ["x", "y"])
    #expect(change.oldValue == nil)
  }

  @Test("insert(contentsOf:at:) with nothing to insert notifies nothing")
  func insertNothing() {
    let (document, recorder) = observedTags()
    document.$tags.insert(contentsOf: [], at: 1)
    #expect(document.tags == ["a", "b", "c"])
    #expect(recorder.count == 0)
  }

  @Test("remove(at:) is a removal at that index, carrying the removed element, and returns it")
  func removeAt() throws {
    let (document, recorder) = observedTags()
    let removed = document.$tags.remove(at: 1)
    #expect(removed == "b")
    #expect(document.tags == ["a", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .removal)
    #expect(change.indexes == RangeSet(1..<2))
    #expect(change.old(as: [String].self) == ["b"])
    #expect(change.newValue == nil)
  }

  @Test("removeAll() is one removal of every index, carrying every element")
  func removeAll() throws {
    let (document, recorder) = observedTags()
    document.$tags.removeAll()
    #expect(document.tags.isEmpty)
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .removal)
    #expect(change.indexes == RangeSet(0..<3))
    #expect(change.old(as: [String].self) == ["a", "b", "c"])
    #expect(change.newValue == nil)
  }

  @Test("removeAll() on an empty collection notifies nothing")
  func removeAllWhenEmpty() {
    let document = Document(tags: [])
    let recorder = ChangeRecorder()
    document.addObserver(recorder, forKeyPath: \.tags)
    document.$tags.removeAll()
    #expect(recorder.count == 0)
  }

  @Test("removeSubrange(_:) is one removal of that range, carrying the removed elements")
  func removeSubrange() throws {
    let (document, recorder) = observedTags()
    document.$tags.removeSubrange(1..<3)
    #expect(document.tags == ["a"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .removal)
    #expect(change.indexes == RangeSet(1..<3))
    #expect(change.old(as: [String].self) == ["b", "c"])
    #expect(change.newValue == nil)
  }

  @Test("removeSubrange(_:) of an empty range notifies nothing")
  func removeEmptySubrange() {
    let (document, recorder) = observedTags()
    document.$tags.removeSubrange(1..<1)
    #expect(document.tags == ["a", "b", "c"])
    #expect(recorder.count == 0)
  }

  @Test("replaceSubrange(_:with:) with as many elements is one replacement")
  func replaceSameCount() throws {
    let (document, recorder) = observedTags()
    document.$tags.replaceSubrange(0..<2, with: ["x", "y"])
    #expect(document.tags == ["x", "y", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .replacement)
    #expect(change.indexes == RangeSet(0..<2))
    #expect(change.old(as: [String].self) == ["a", "b"])
    #expect(change.new(as: [String].self) == ["x", "y"])
  }

  @Test("replaceSubrange(_:with:) with fewer elements is a removal of the range, then an insertion")
  func replaceWithFewer() throws {
    let (document, recorder) = observedTags()
    document.$tags.replaceSubrange(0..<2, with: ["x"])
    #expect(document.tags == ["x", "c"])
    try #require(recorder.count == 2)
    let removal = recorder.changes[0]
    #expect(removal.kind == .removal)
    #expect(removal.indexes == RangeSet(0..<2))
    #expect(removal.old(as: [String].self) == ["a", "b"])
    #expect(removal.newValue == nil)
    let insertion = recorder.changes[1]
    #expect(insertion.kind == .insertion)
    #expect(insertion.indexes == RangeSet(0..<1))
    #expect(insertion.new(as: [String].self) == ["x"])
    #expect(insertion.oldValue == nil)
  }

  @Test("replaceSubrange(_:with:) with more elements is a removal of the range, then an insertion")
  func replaceWithMore() throws {
    let (document, recorder) = observedTags()
    document.$tags.replaceSubrange(1..<2, with: ["x", "y", "z"])
    #expect(document.tags == ["a", "x", "y", "z", "c"])
    try #require(recorder.count == 2)
    #expect(recorder.changes.map(\.kind) == [.removal, .insertion])
    #expect(recorder.changes.map(\.indexes) == [RangeSet(1..<2), RangeSet(1..<4)])
    #expect(recorder.changes[0].old(as: [String].self) == ["b"])
    #expect(recorder.changes[1].new(as: [String].self) == ["x", "y", "z"])
  }

  @Test("replaceSubrange(_:with:) of an empty range is an insertion")
  func replaceEmptyRange() throws {
    let (document, recorder) = observedTags()
    document.$tags.replaceSubrange(1..<1, with: ["x"])
    #expect(document.tags == ["a", "x", "b", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .insertion)
    #expect(change.indexes == RangeSet(1..<2))
    #expect(change.new(as: [String].self) == ["x"])
  }

  @Test("replaceSubrange(_:with:) with no elements is a removal")
  func replaceWithNothing() throws {
    let (document, recorder) = observedTags()
    document.$tags.replaceSubrange(0..<2, with: [])
    #expect(document.tags == ["c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .removal)
    #expect(change.indexes == RangeSet(0..<2))
    #expect(change.old(as: [String].self) == ["a", "b"])
  }

  @Test("Setting an element through the subscript is a replacement at that index")
  func subscriptSet() throws {
    let (document, recorder) = observedTags()
    document.$tags[1] = "x"
    #expect(document.tags == ["a", "x", "c"])
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .replacement)
    #expect(change.indexes == RangeSet(1..<2))
    #expect(change.old(as: [String].self) == ["b"])
    #expect(change.new(as: [String].self) == ["x"])
  }

  @Test("count and the subscript read the collection without notifying")
  func readsDoNotNotify() {
    let (document, recorder) = observedTags()
    #expect(document.$tags.count == 3)
    #expect(document.$tags[2] == "c")
    #expect(recorder.count == 0)
  }

  @Test("Assigning a whole collection is a setting, carrying the whole old and new collections")
  func wholeAssignmentIsSetting() throws {
    let (document, recorder) = observedTags()
    document.tags = ["x"]
    let change = try #require(recorder.onlyChange)
    #expect(change.kind == .setting)
    #expect(change.indexes == nil)
    #expect(change.old(as: [String].self) == ["a", "b", "c"])
    #expect(change.new(as: [String].self) == ["x"])
  }

  @Test("An in-place change is stored before observers run")
  func changeIsStoredBeforeDelivery() {
    let document = Document(tags: ["a"])
    var seen: [[String]] = []
    let observer = ReactingObserver { _, _ in seen.append(document.tags) }
    document.addObserver(observer, forKeyPath: \.tags)
    document.$tags.append("b")
    document.$tags.remove(at: 0)
    #expect(seen == [["a", "b"], ["b"]])
    #expect(observer.callCount == 2)
  }

  @Test("The prior call of an in-place change has its kind and indexes, and runs before the store")
  func priorOfInPlaceChange() throws {
    let document = Document(tags: ["a", "b"])
    var tagsInPriorCall: [String] = []
    let observer = ReactingObserver { _, change in
      if change.isPrior { tagsInPriorCall = document.tags }
    }
    let recorder = ChangeRecorder()
    document.addObserver(observer, forKeyPath: \.tags, options: [.prior])
    document.addObserver(recorder, forKeyPath: \.tags, options: [.prior, .old, .new])
    document.$tags.remove(at: 0)
    #expect(tagsInPriorCall == ["a", "b"])
    #expect(observer.callCount == 2)
    try #require(recorder.count == 2)
    let prior = recorder.changes[0]
    #expect(prior.isPrior)
    #expect(prior.kind == .removal)
    #expect(prior.indexes == RangeSet(0..<1))
    #expect(prior.old(as: [String].self) == ["a"])
    #expect(prior.newValue == nil)
  }

  @Test("In-place changes apply when nothing observes the collection")
  func unobservedChangesApply() {
    let document = Document(tags: ["a", "b", "c"])
    document.$tags.append("d")
    document.$tags.insert("x", at: 0)
    document.$tags[1] = "A"
    document.$tags.remove(at: 4)
    document.$tags.replaceSubrange(2..<4, with: ["y"])
    #expect(document.tags == ["x", "A", "y"])
    document.$tags.removeAll()
    #expect(document.tags.isEmpty)
  }

  @Test("A collection larger than 32 bytes keeps its kinds and indexes for a token")
  func largeCollection() throws {
    let shelf = Shelf()
    #expect(MemoryLayout<LabeledList>.size > 32)
    var changes: [ObservedChange<LabeledList>] = []
    let token = shelf.observe(\.list) { _, change in changes.append(change) }
    shelf.$list.append(7)
    shelf.$list.remove(at: 0)
    token.invalidate()
    #expect(changes.map(\.kind) == [.insertion, .removal])
    #expect(changes.map(\.indexes) == [RangeSet(1..<2), RangeSet(0..<1)])
    #expect(shelf.list.elements == [7])
  }
}

/// An array with a label: a collection of more than 32 bytes, which tracking keeps boxed
/// rather than as bits.
struct LabeledList: RangeReplaceableCollection, MutableCollection, RandomAccessCollection {
  var elements: [Int] = []
  var label = (first: "", second: "")

  init() {}

  var startIndex: Int { elements.startIndex }
  var endIndex: Int { elements.endIndex }

  subscript(position: Int) -> Int {
    get { elements[position] }
    set { elements[position] = newValue }
  }

  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Int {
    elements.replaceSubrange(subrange, with: newElements)
  }
}

final class Shelf: KeyValueObservable {
  @Observed var list = LabeledList([3])
}
