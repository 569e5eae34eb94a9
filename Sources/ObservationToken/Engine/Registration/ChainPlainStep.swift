/// The check that no step of a key path that is not `@Observed` was replaced unseen:
/// `holder.observe(\.plain?.title)`, where `plain` is a plain `var`, observes the title of
/// the object there when observed; once `holder.plain = other`, nothing reports the
/// replacement, so the observation would miss the new object's changes and answer the
/// old one's with the new one's values.
///
/// An evaluation is a function of what its `@Observed` reads returned and of everything
/// unobserved. So when a new evaluation reads other properties than the last one did,
/// while every read before the first difference returned provably the same value (the
/// same object, or the same plain data: see ``ValueIdentity/isProvablySame(as:)``),
/// something unobserved changed: a plain or `weak var` along the way, or what a computed
/// step reads. Nothing reported it, so the new reads stop the program before their value
/// is used. In particular what a key path reads first has no read before it: it can
/// differ only by such a change. When a read before the difference may have returned
/// something else, that change explains the difference, and nothing stops.
///
/// Why not stop when observing: a chain through a `let` (`\.settings.volume`) reads
/// another object than its root just as one through a plain `var` does, and must work —
/// the `let` can never be replaced. Whether a stored property is a `let` or a `var` is
/// known to the runtime (its field records, the key path's components) but through no
/// public or SPI interface, and a computed step cannot be judged at all. The evaluation
/// after a replacement is the first moment the replacement can be known: at the latest
/// the next change of what the chain observes; at once when the replaced object is
/// released with its replacement (the common case: the holder owned it), which the
/// entry on it reports. Until then the new object's changes are missed, but nothing
/// wrong is ever delivered.
enum ChainPlainStep {
  /// One read of the last evaluation, kept beside its entry: the object it was made on,
  /// and what it returned (`nil` for a value too large to keep, which is never kept: it
  /// could hold the objects whose release the entries watch).
  struct Read {
    let subjectID: ObjectIdentifier
    let returned: ValueIdentity?

    init(_ dependency: Dependency) {
      subjectID = dependency.subjectID
      returned = dependency.value.large == nil ? dependency.value : nil
    }
  }

  /// Stops the program when `dependencies`, the reads of an evaluation of `keyPath` from
  /// `root`, differ from the last evaluation's — its `entries` and `reads` — where only an
  /// unobserved change can explain it. Called only when the reads differ somewhere: the
  /// steady state never gets here.
  static func requireReplacementsReported(
    previous entries: [DependencyEntry],
    _ reads: [Read],
    now dependencies: ArraySlice<Dependency>,
    keyPath: AnyKeyPath,
    root: AnyObject?,
    at site: Misuse.Site
  ) {
    guard let root, !entries.isEmpty else { return }
    var index = 0
    while index < entries.count, index < dependencies.count {
      let read = dependencies[dependencies.startIndex + index]
      guard entries[index].source === read.observers.source else { break }
      // A read that may have returned something else explains what follows it.
      guard let previous = reads[index].returned, previous.isProvablySame(as: read.value) else { return }
      index += 1
    }
    // The same reads: only an entry's object was released, and nothing read it again.
    guard index < entries.count || index < dependencies.count else { return }
    stop(
      keyPath,
      from: root,
      steppingAfter: entries[..<index].map(\.source),
      now: dependencies.map(\.observers.source),
      lastRead: entries.map(\.source),
      at: site
    )
  }

  /// Stops the program when the object of the read at `index` of `keyPath` from `root`,
  /// just released while the root lives, was reached through an unobserved step: it is
  /// what the key path reads first (nothing read before it), or another object than the
  /// one the read before it returned. An object an `@Observed` property returned is kept
  /// until its replacement has been reported, and the reads moved off it; a released one
  /// reached otherwise was replaced unseen, or held weakly. Not evaluated again first,
  /// which could read the very step being assigned: the release may come from inside
  /// the assignment.
  static func requireReleaseReported(
    ofRead index: Int,
    entries: [DependencyEntry],
    _ reads: [Read],
    keyPath: AnyKeyPath,
    root: AnyObject,
    at site: Misuse.Site
  ) {
    if index > 0 {
      // A read that returned no object, or not one kept, cannot tell.
      guard let returned = reads[index - 1].returned, returned.objectType != nil,
        returned.bits.0 != UInt64(UInt(bitPattern: reads[index].subjectID))
      else { return }
    }
    stop(
      keyPath, from: root, steppingAfter: entries[..<index].map(\.source), now: [], lastRead: entries.map(\.source),
      at: site)
  }

  /// Stops, naming the step replaced: the one after the properties of `lists`, read in
  /// that order from `root` — the key path's leading steps when there are none; else the
  /// step on the object the last of them holds, when reflection can follow them. The key
  /// path is named along the properties it reads `now`, or those it read last when it
  /// reads fewer now (an object along the way was released or set to `nil`).
  private static func stop(
    _ keyPath: AnyKeyPath,
    from root: AnyObject,
    steppingAfter lists: [SubscriberSource],
    now: [SubscriberSource],
    lastRead: [SubscriberSource],
    at site: Misuse.Site
  ) -> Never {
    let rootType: Any.Type = type(of: root)
    // The key path named along what it reads now, or read last when it reads less now.
    let reading = now.count >= lastRead.count ? now : lastRead
    let keyPathName = PropertyName.walking(keyPath, reading: reading, from: root, value: nil, checksLastValue: false)
    guard !lists.isEmpty else {
      let step = PropertyName.leadingSteps(of: keyPath)
      Misuse.chainStepReplacedUnseen(keyPathName, on: rootType, step: step, at: site)
    }
    guard let properties = PropertyName.properties(reading: lists, from: root), let object = properties.last?.object,
      let step = PropertyName.step(after: properties.map { ($0.name, $0.valueType) }, in: keyPath)
    else {
      Misuse.chainStepReplacedUnseen(keyPathName, on: rootType, step: "a step of it", at: site)
    }
    let name = "\\\(type(of: object)).\(step)"
    Misuse.chainStepReplacedUnseen(keyPathName, on: rootType, step: name, at: site)
  }
}
