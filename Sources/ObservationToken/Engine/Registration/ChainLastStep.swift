/// The check that a chain's last step can report a change: `cell.observe(\.document?.notes)`,
/// where `notes` is a plain `var`, would follow only the replacement of `document`, never
/// an edit of `notes` — a silent observation, stopped like a plain `var` is.
///
/// When a chain's last step reads no `@Observed` property, the last property it read
/// returned an object: the one that step reads from. So each evaluation, until the
/// question is decided, costs one type check of its last read; the rest (reflection, the
/// key path's description) runs only when that read returned an object. While an
/// optional along the way is `nil`, nothing can be decided: the check waits for the
/// evaluation after it is set. A stop decided then runs inside that set, a property's
/// setter, which has no caller's file and line to report; so the registration keeps where
/// the observation was made (a ``SourceLocation``, only while undecided), and the message
/// names it.
enum ChainLastStep {
  /// Whether the last step of `keyPath`, whose evaluation from `root` made the reads
  /// `dependencies`, is still to be decided: `false` once it is known to read an
  /// `@Observed` property (or not to go on past one). Stops the program at `site` when it
  /// is known not to: at the call of `observe` when that decides it, or naming the
  /// observation when a later change does.
  static func isUndecided(
    _ dependencies: ArraySlice<Dependency>,
    keyPath: AnyKeyPath,
    root: AnyObject?,
    at site: Misuse.Site
  ) -> Bool {
    guard let last = dependencies.last, last.value.large == nil, let objectType = last.value.objectType else {
      return false
    }
    // A class reference is never null; an optional one is `nil` as zero.
    guard last.value.bits.0 != 0 else { return true }
    guard let root else { return false }
    checkStep(after: dependencies, of: keyPath, from: root, objectType: objectType, at: site)
    return false
  }

  /// The last read returned an object: stops if the key path goes on from it. The
  /// properties read are found as ``PropertyName`` names them, and matched in order with
  /// the computed components the runtime prints; what follows the last of them is the
  /// step on the object. Undecidable shapes (a computed property reading several
  /// properties, a chain the reflection cannot follow) never stop.
  private static func checkStep(
    after dependencies: ArraySlice<Dependency>,
    of keyPath: AnyKeyPath,
    from root: AnyObject,
    objectType: AnyClass,
    at site: Misuse.Site
  ) {
    guard let properties = PropertyName.properties(reading: dependencies.map(\.observers.source), from: root),
      let step = PropertyName.step(after: properties.map { ($0.name, $0.valueType) }, in: keyPath)
    else { return }
    Misuse.chainEndsInPlainProperty(
      keyPath,
      startingWith: properties,
      on: type(of: root),
      step: step,
      of: objectType,
      at: site
    )
  }
}
