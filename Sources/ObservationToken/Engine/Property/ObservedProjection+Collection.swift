extension ObservedProjection
where Value: RangeReplaceableCollection & MutableCollection & RandomAccessCollection, Value.Index == Int {
  /// The number of elements.
  @inlinable
  public var count: Int { withStorage { $0.value.count } }

  /// The element at `index`; setting it is a ``KeyValueChange/Kind/replacement``.
  ///
  /// - Precondition: `index` is a valid index; otherwise the program stops with a
  ///   message naming the property, and nothing is stored or notified.
  @inlinable
  public subscript(index: Int) -> Value.Element {
    get {
      let value = withStorage { $0.value }
      checkIndex(index, in: value, operation: "read")
      return value[index]
    }
    nonmutating set {
      checkIndex(index, in: withStorage { $0.value }, operation: "replace")
      edit(index..<(index + 1), with: CollectionOfOne(newValue))
    }
  }

  /// Adds an element at the end: an ``KeyValueChange/Kind/insertion``.
  @inlinable @inline(__always)
  public func append(_ element: Value.Element) {
    let end = withStorage { $0.value.endIndex }
    edit(end..<end, with: CollectionOfOne(element))
  }

  /// Adds elements at the end: one ``KeyValueChange/Kind/insertion`` (none if empty).
  @inlinable
  public func append<Elements: Sequence>(contentsOf elements: Elements) where Elements.Element == Value.Element {
    let end = withStorage { $0.value.endIndex }
    edit(end..<end, with: Array(elements))
  }

  /// Inserts an element before `index` (`count` appends): an insertion at `index`.
  ///
  /// - Precondition: `0 <= index <= count`.
  @inlinable
  public func insert(_ element: Value.Element, at index: Int) {
    checkPosition(index, in: withStorage { $0.value }, operation: "insert")
    edit(index..<index, with: CollectionOfOne(element))
  }

  /// Inserts elements before `index`: one insertion covering them.
  ///
  /// - Precondition: `0 <= index <= count`.
  @inlinable
  public func insert<Elements: Collection>(contentsOf elements: Elements, at index: Int)
  where Elements.Element == Value.Element {
    checkPosition(index, in: withStorage { $0.value }, operation: "insert")
    edit(index..<index, with: elements)
  }

  /// Removes and returns the element at `index`: a ``KeyValueChange/Kind/removal``.
  ///
  /// - Precondition: `index` is a valid index.
  @inlinable @discardableResult
  public func remove(at index: Int) -> Value.Element {
    let value = withStorage { $0.value }
    checkIndex(index, in: value, operation: "remove")
    let element = value[index]
    edit(index..<(index + 1), with: EmptyCollection())
    return element
  }

  /// Removes the elements in `bounds`: one removal covering them.
  ///
  /// - Precondition: `bounds` lies within the collection.
  @inlinable
  public func removeSubrange(_ bounds: Range<Int>) {
    checkRange(bounds, in: withStorage { $0.value }, operation: "remove")
    edit(bounds, with: EmptyCollection())
  }

  /// Removes every element: one removal of all indexes (none if already empty).
  @inlinable
  public func removeAll() {
    let value = withStorage { $0.value }
    edit(value.startIndex..<value.endIndex, with: EmptyCollection())
  }

  /// Replaces the elements in `bounds`. The same number of elements is a
  /// ``KeyValueChange/Kind/replacement``; otherwise, as KVO's proxies do, a removal of
  /// `bounds` followed by an insertion of the new elements.
  ///
  /// - Precondition: `bounds` lies within the collection.
  @inlinable
  public func replaceSubrange<Elements: Collection>(_ bounds: Range<Int>, with newElements: Elements)
  where Elements.Element == Value.Element {
    checkRange(bounds, in: withStorage { $0.value }, operation: "replace")
    if bounds.isEmpty || newElements.isEmpty || bounds.count == newElements.count {
      edit(bounds, with: newElements)
    } else {
      edit(bounds, with: EmptyCollection())
      edit(bounds.lowerBound..<bounds.lowerBound, with: newElements)
    }
  }

  /// Replaces `bounds` with `newElements` (both already checked) and notifies with the
  /// kind, indexes and elements of the edit. An edit that changes nothing notifies nothing.
  @inlinable @inline(__always)
  func edit<Elements: Collection>(_ bounds: Range<Int>, with newElements: Elements)
  where Elements.Element == Value.Element {
    guard !bounds.isEmpty || !newElements.isEmpty else { return }
    let inserted = Value(newElements)
    guard let observers = withStorage({ $0.observers }) else { return store(bounds, with: inserted) }
    // A class that opts in to another observation system reports around the edit.
    guard reportsElsewhere else { return edit(bounds, with: inserted, reportingTo: observers) }
    let companion = observers.companion.unsafelyUnwrapped
    companion.willChange(of: subject)
    edit(bounds, with: inserted, reportingTo: observers)
    companion.didChange(of: subject)
  }

  /// Makes an edit the property's observers see, when it has any.
  @inlinable @inline(__always)
  func edit(_ bounds: Range<Int>, with inserted: Value, reportingTo observers: PropertyObservers) {
    guard observers.isObserved else { return store(bounds, with: inserted) }
    let removed = bounds.isEmpty ? Value() : Value(withStorage { $0.value }[bounds])
    let change: ObservedChange<Value>
    if removed.isEmpty {
      let indexes = bounds.lowerBound..<(bounds.lowerBound + inserted.count)
      change = ObservedChange(kind: .insertion, oldValue: nil, newValue: inserted, indexRanges: [indexes])
    } else if inserted.isEmpty {
      change = ObservedChange(kind: .removal, oldValue: removed, newValue: nil, indexRanges: [bounds])
    } else {
      change = ObservedChange(kind: .replacement, oldValue: removed, newValue: inserted, indexRanges: [bounds])
    }
    withExtendedLifetime(observers) {
      PropertyObservers.report(change, to: .passUnretained(observers), of: subject) { store(bounds, with: inserted) }
    }
  }

  /// Stores an edit. The value is taken out of the storage and put back, so that no access
  /// to the storage is open while the collection grows: an access around a call the
  /// optimizer cannot see into is checked for exclusivity at run time, which costs every
  /// edit more than the edit. An append at the end, which is most edits, skips the general
  /// replacement path.
  @inlinable @inline(__always)
  func store(_ bounds: Range<Int>, with inserted: Value) {
    var value = withStorage { storage in
      var taken = Value()
      swap(&taken, &storage.value)
      return taken
    }
    if bounds.isEmpty && bounds.lowerBound == value.endIndex {
      value.append(contentsOf: inserted)
    } else {
      value.replaceSubrange(bounds, with: inserted)
    }
    withStorage { swap(&$0.value, &value) }
  }

  /// Stops unless `index` is a valid index of `value`. The check is inlined; the message
  /// is built out of line, only on the way to the stop.
  @inlinable @inline(__always)
  func checkIndex(_ index: Int, in value: Value, operation: StaticString) {
    guard value.indices.contains(index) else {
      Misuse.invalidEdit(operation, "at index \(index)", of: name, valid: value.startIndex..<value.endIndex)
    }
  }

  /// Stops unless `index` is a position in `value`, its end included.
  @inlinable @inline(__always)
  func checkPosition(_ index: Int, in value: Value, operation: StaticString) {
    guard (value.startIndex...value.endIndex).contains(index) else {
      Misuse.invalidEdit(operation, "at position \(index)", of: name, valid: value.startIndex..<value.endIndex)
    }
  }

  /// Stops unless `bounds` lies within `value`.
  @inlinable @inline(__always)
  func checkRange(_ bounds: Range<Int>, in value: Value, operation: StaticString) {
    guard bounds.lowerBound >= value.startIndex && bounds.upperBound <= value.endIndex else {
      Misuse.invalidEdit(operation, "the range \(bounds)", of: name, valid: value.startIndex..<value.endIndex)
    }
  }
}
