extension ObservedProjection
where Value: RangeReplaceableCollection & MutableCollection & RandomAccessCollection, Value.Index == Int {
  /// The number of elements.
  @inlinable
  public var count: Int { withStorage { $0.value.count } }

  /// The element at `index`; setting it is a ``KeyValueChange/Kind/replacement``.
  ///
  /// A key path may go through it: `document.observe(\.$tags[0])` observes the element at
  /// index 0 — the index is fixed, the element is whatever the collection holds there
  /// after each change. An index out of range when the key path is evaluated, at `observe`
  /// or after a later change, stops the program with a message naming the key path's
  /// index, the collection's count and the line the key path was written on.
  ///
  /// - Parameters:
  ///   - index: The element's index.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Precondition: `index` is a valid index; otherwise the program stops at the
  ///   caller's line with a message naming the property, and nothing is stored or
  ///   notified.
  @inlinable
  public subscript(index: Int, file: _CallerFile = #fileID, line: _CallerLine = #line) -> Value.Element {
    get {
      let value = withStorage { $0.value }
      guard value.indices.contains(index) else {
        Misuse.invalidRead(
          at: index, of: name, valid: value.startIndex..<value.endIndex, at: .call(file: file.file, line: line.line))
      }
      return value[index]
    }
    nonmutating set {
      checkIndex(index, in: withStorage { $0.value }, operation: "replace", file: file.file, line: line.line)
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
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: The position to insert at.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Precondition: `0 <= index <= count`.
  @inlinable
  public func insert(_ element: Value.Element, at index: Int, file: StaticString = #fileID, line: UInt = #line) {
    checkPosition(index, in: withStorage { $0.value }, operation: "insert", file: file, line: line)
    edit(index..<index, with: CollectionOfOne(element))
  }

  /// Inserts elements before `index`: one insertion covering them.
  ///
  /// - Parameters:
  ///   - elements: The elements to insert.
  ///   - index: The position to insert at.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Precondition: `0 <= index <= count`.
  @inlinable
  public func insert<Elements: Collection>(
    contentsOf elements: Elements,
    at index: Int,
    file: StaticString = #fileID,
    line: UInt = #line
  ) where Elements.Element == Value.Element {
    checkPosition(index, in: withStorage { $0.value }, operation: "insert", file: file, line: line)
    edit(index..<index, with: elements)
  }

  /// Removes and returns the element at `index`: a ``KeyValueChange/Kind/removal``.
  ///
  /// - Parameters:
  ///   - index: The element's index.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Returns: The element removed.
  /// - Precondition: `index` is a valid index.
  @inlinable @discardableResult
  public func remove(at index: Int, file: StaticString = #fileID, line: UInt = #line) -> Value.Element {
    let value = withStorage { $0.value }
    checkIndex(index, in: value, operation: "remove", file: file, line: line)
    let element = value[index]
    edit(index..<(index + 1), with: EmptyCollection())
    return element
  }

  /// Removes the elements in `bounds`: one removal covering them.
  ///
  /// - Parameters:
  ///   - bounds: The elements to remove.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Precondition: `bounds` lies within the collection.
  @inlinable
  public func removeSubrange(_ bounds: Range<Int>, file: StaticString = #fileID, line: UInt = #line) {
    checkRange(bounds, in: withStorage { $0.value }, operation: "remove", file: file, line: line)
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
  /// - Parameters:
  ///   - bounds: The elements to replace.
  ///   - newElements: The elements to put in their place.
  ///   - file: The file a stop names; leave the default.
  ///   - line: The line a stop names; leave the default.
  /// - Precondition: `bounds` lies within the collection.
  @inlinable
  public func replaceSubrange<Elements: Collection>(
    _ bounds: Range<Int>,
    with newElements: Elements,
    file: StaticString = #fileID,
    line: UInt = #line
  ) where Elements.Element == Value.Element {
    checkRange(bounds, in: withStorage { $0.value }, operation: "replace", file: file, line: line)
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

  /// Stops at the caller's `file` and `line` unless `index` is a valid index of `value`.
  /// The check is inlined; the message is built out of line, only on the way to the stop.
  @inlinable @inline(__always)
  func checkIndex(_ index: Int, in value: Value, operation: StaticString, file: StaticString, line: UInt) {
    guard value.indices.contains(index) else {
      invalidEdit(operation, "at index \(index)", of: value, file: file, line: line)
    }
  }

  /// Stops unless `index` is a position in `value`, its end included.
  @inlinable @inline(__always)
  func checkPosition(_ index: Int, in value: Value, operation: StaticString, file: StaticString, line: UInt) {
    guard (value.startIndex...value.endIndex).contains(index) else {
      invalidEdit(operation, "at position \(index)", of: value, insertsAt: true, file: file, line: line)
    }
  }

  /// Stops unless `bounds` lies within `value`.
  @inlinable @inline(__always)
  func checkRange(_ bounds: Range<Int>, in value: Value, operation: StaticString, file: StaticString, line: UInt) {
    guard bounds.lowerBound >= value.startIndex && bounds.upperBound <= value.endIndex else {
      invalidEdit(operation, "the range \(bounds)", of: value, file: file, line: line)
    }
  }

  /// Stops at the caller's `file` and `line` for an edit of `value` out of its bounds;
  /// `insertsAt` when the edit inserts, whose message lists the positions to insert at.
  @inlinable
  func invalidEdit(
    _ operation: StaticString,
    _ target: @autoclosure () -> String,
    of value: Value,
    insertsAt: Bool = false,
    file: StaticString,
    line: UInt
  ) -> Never {
    let valid = value.startIndex..<value.endIndex
    Misuse.invalidEdit(
      operation,
      target(),
      of: name,
      valid: valid,
      insertsAt: insertsAt,
      at: .call(file: file, line: line)
    )
  }
}
