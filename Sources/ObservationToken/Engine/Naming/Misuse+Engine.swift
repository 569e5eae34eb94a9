import Observation

/// The engine's stops, each a message naming what was wrong as the user wrote it and what to
/// do instead. Every check stays inline where it is made; only these, on the way to the
/// stop, are called. `Tests/ObservationTokenTests/Diagnostics` pins each message.
extension Misuse {
  /// Stops for a key path that reads no `@Observed` property: it could never report a
  /// change, and a silent observation is worse than a clear stop.
  @usableFromInline @inline(never)
  static func unobservable(_ keyPath: AnyKeyPath, on subjectType: Any.Type, at site: Site) -> Never {
    stop(
      """
      \(PropertyName.ofKeyPath(keyPath)) on \(subjectType) reads no @Observed property, \
      so it can never report a change. Mark the property @Observed, or observe a computed property \
      that reads one.
      """,
      at: site
    )
  }

  /// Stops for a chain whose last step, `step` on an object of `objectType`, reads no
  /// `@Observed` property: it would report only the replacement of that object; see
  /// ``ChainLastStep``. Decided by a later change, the message names the observation.
  static func chainEndsInPlainProperty(
    _ keyPath: AnyKeyPath,
    startingWith properties: [ReflectedProperty],
    on rootType: Any.Type,
    step: String,
    of objectType: AnyClass,
    at site: Site
  ) -> Never {
    let name = "\\\(objectType).\(step)"
    stop(
      """
      \(PropertyName.of(keyPath, startingWith: properties)) on \(rootType)\(site.observedAt) \
      ends in \(name), which reads no @Observed property, so the observation would report \
      only the replacement of a \(objectType), never a change of \(name). Mark the property \
      @Observed, or end the key path at a computed property that reads one; for a value that \
      never changes (a let), observe the key path up to the \(objectType) instead.
      """,
      at: site
    )
  }

  /// Stops for a chain that found `step`, which is not `@Observed`, replaced with nothing
  /// reported; see ``ChainPlainStep``. `keyPathName` is the key path as written, as far as
  /// what it reads can name it. Decided by a later change, the message names the observation.
  static func chainStepReplacedUnseen(
    _ keyPathName: String,
    on rootType: Any.Type,
    step: String,
    at site: Site
  ) -> Never {
    stop(
      """
      \(keyPathName) on \(rootType)\(site.observedAt) found \
      what it reads replaced, and nothing reported it: \(step) is not @Observed, so it cannot report \
      its replacement, and the observation would miss the new object's changes and report the old \
      one's with the new one's values. Mark \(step) @Observed (a let, which is never replaced, may \
      stay plain); for a weak reference, which cannot be @Observed, observe the object itself while \
      it lives.
      """,
      at: site
    )
  }

  /// What a runaway stop (``Misuse/runaway(_:)``) says of a handler observing a property —
  /// an engine registration's (``ObserverEntry``) or a KVO observation's — that sets what
  /// it observes (`alone`), or what another handler of the loop observes. The fix offered
  /// includes `removingDuplicates: true` only where the observation has that option.
  static func settingAdvice(alone: Bool, offersRemovingDuplicates: Bool) -> String {
    guard alone else {
      let duplicates =
        offersRemovingDuplicates
        ? " Skipping equal values (removingDuplicates: true) helps only where the values come to repeat."
        : ""
      return """
        A handler that sets what another observes is called again when that one sets what it \
        observes.\(duplicates) Break the loop: let one of them stop setting what the other \
        observes (derive one value from the other instead), or set only when the new value \
        differs from the one already there.
        """
    }
    let remedy =
      offersRemovingDuplicates
      ? "Set it only when the new value differs, or observe with removingDuplicates: true, which skips the assignment of an equal value."
      : "Set it only when the new value differs."
    return """
      each call changes what it observes, which calls it again, without end. A handler that \
      sets the value it observes, even to an equal one (title = title.trimmed() when it is \
      already trimmed), is called again by that change. \(remedy)
      """
  }

  /// Stops for an edit of a collection property outside its bounds, which changed nothing.
  /// The positions to insert at are listed only for an insertion (`insertsAt`): the valid
  /// indexes of a read, a replacement or a removal end before the end position.
  @usableFromInline @inline(never)
  static func invalidEdit(
    _ operation: StaticString,
    _ target: @autoclosure () -> String,
    of property: () -> String,
    valid: Range<Int>,
    insertsAt: Bool,
    at site: Site
  ) -> Never {
    let positions = insertsAt ? " (positions \(valid.lowerBound)...\(valid.upperBound) to insert)" : ""
    stop(
      """
      cannot \(operation) \(target()) of \(property()), whose valid indexes are \(valid)\(positions); \
      nothing was changed. Check the index against the collection's count first.
      """,
      at: site
    )
  }

  /// Stops for a read through a collection property's subscript out of its bounds: in the
  /// evaluation of an observed key path through it (`\.$tags[5]`), with the message about
  /// the key path's fixed index; elsewhere, as for an edit.
  @usableFromInline @inline(never)
  static func invalidRead(at index: Int, of property: () -> String, valid: Range<Int>, at site: Site) -> Never {
    if isEvaluatingObservedKeyPath { indexOutOfRange(index, ofObserved: property, count: valid.count, at: site) }
    invalidEdit("read", "at index \(index)", of: property, valid: valid, insertsAt: false, at: site)
  }

  /// Whether the calling thread is evaluating an observed key path (at `observe`, or after
  /// a change), not running a handler called from that evaluation: a cold path, asked
  /// only on the way to a stop.
  static var isEvaluatingObservedKeyPath: Bool {
    mayBeTrackingReads() && DependencyTracking.beginRead() != nil
  }

  /// Stops for a key path through a collection property's subscript (`\.$tags[5]`) whose
  /// fixed index is out of range when the observation evaluates it: at `site`, the line
  /// the key path was written on.
  static func indexOutOfRange(_ index: Int, ofObserved property: () -> String, count: Int, at site: Site) -> Never {
    let name = property()
    var written = name
    if let dot = written.lastIndex(of: ".") { written.insert("$", at: written.index(after: dot)) }
    stop(
      "the observed key path written here reads \(written)[\(index)], but \(elements(of: name, count: count))",
      at: site
    )
  }

  /// Stops for an observed key path through `Array`'s own subscript (`\.tags[5]`), whose
  /// fixed index is out of the range of the last property its evaluation read (stored at
  /// the last of `readFields`), which has `count` elements, when the observation evaluates
  /// it (see ``IndexedSteps``): at `site`, where the observation is, or was, made. Each
  /// property read is named, and learned (see ``ObservedPropertyNames``).
  static func indexOutOfRange(
    _ index: Int,
    count: Int,
    inObserved keyPath: AnyKeyPath,
    readingFields readFields: [(type: Any.Type, offset: Int)],
    at site: Site
  ) -> Never {
    let names = readFields.map { ReflectedProperty.observedField(in: $0.type, storedAt: $0.offset)?.name }
    let property =
      readFields.last.flatMap { field in names.last.flatMap { $0 }.map { "\\\(field.type).\($0)" } } ?? "the array"
    let keyPathName = PropertyName.ofSubscripted(keyPath, reading: names)
    stop(
      "\(keyPathName) on \(type(of: keyPath).rootType)\(site.observedAt) reads \(property)[\(index)], but \(elements(of: property, count: count))",
      at: site
    )
  }

  /// What an index stop says of the collection `property`, which has `count` elements, and
  /// what to do.
  private static func elements(of property: String, count: Int) -> String {
    let valid = count == 0 ? "it is empty" : "its valid indexes are 0..<\(count)"
    return """
      \(property) has \(count) element\(count == 1 ? "" : "s"): \(valid). An observation evaluates \
      its key path when it is made and after every change, and a key path's index is fixed when it \
      is written. Observe the collection itself, or a computed property that returns an optional \
      element (tags.indices.contains(i) ? tags[i] : nil), where the element may be missing.
      """
  }
}

extension Misuse {
  /// Stops for an observation of the `@Observed` property whose list is `observers`, of an
  /// object whose class ``UnseenObservable`` found conforming to `Observable` where Swift
  /// Observation cannot see it. Named: the class that adopts `Observable`, and the class
  /// that adopts `KeyValueObservable` without it, where the conformance belongs.
  @usableFromInline @inline(never)
  static func observableUnseen(_ observers: PropertyObservers, at site: Site) -> Never {
    let type: AnyClass = observers.unseenObservableClass!  // the caller found it set
    let storageOffset = observers.source.storageOffset
    let adopter: AnyClass = topmostClass(from: type) { $0 is any Observable.Type }
    let base: AnyClass = topmostClass(from: type) { $0 is any KeyValueObservable.Type }
    let property =
      ReflectedProperty.observedField(in: type, storedAt: storageOffset).map { "\\\(type).\($0.name)" }
      ?? "an @Observed property of \(type)"
    stop(
      """
      \(adopter) conforms to Observable, but \(base) adopts KeyValueObservable without it, \
      so Swift Observation (withObservationTracking, Observations, SwiftUI) would never see \
      \(property)\(site.observedAt) change. Adopt Observable where \(base) adopts \
      KeyValueObservable (class \(base): KeyValueObservable, Observable), not in a subclass.
      """,
      at: site
    )
  }

  /// The class furthest up from `type`, `type` included, such that it and every class
  /// between satisfy `conforms`.
  private static func topmostClass(from type: AnyClass, where conforms: (AnyClass) -> Bool) -> AnyClass {
    var topmost: AnyClass = type
    while let superclass = _getSuperclass(topmost), conforms(superclass) { topmost = superclass }
    return topmost
  }
}
