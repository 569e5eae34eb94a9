#if !canImport(ObjectiveC)
/// One registration: Apple's `NSKeyValueObservance`. The observer is not retained —
/// "Neither the object receiving this message, nor observer, are retained" — so it is held
/// `unowned(unsafe)`, with a weak shadow through which the model notices, and reports, a
/// callout to an observer that was deallocated while registered (a crash on Apple).
struct Observance {
  unowned(unsafe) let observer: NSObject
  weak var shadow: NSObject?
  let observerDescription: String
  let keyPath: String
  let options: NSKeyValueObservingOptions
  let context: UnsafeMutableRawPointer?
  /// For a key path of several keys ("a.b"): the internal registration of its rest with
  /// the current `a`, removed with this one.
  var chain: KeyPathChain?

  init(observer: NSObject, keyPath: String, options: NSKeyValueObservingOptions, context: UnsafeMutableRawPointer?) {
    self.observer = observer
    self.shadow = observer
    self.observerDescription = KVOShim.identify(observer)
    self.keyPath = keyPath
    self.options = options
    self.context = context
  }

  /// Whether a change of `key` of the observed object changes what this observes: the key
  /// itself, or the first key of a path.
  func isAffected(byChangeOf key: String) -> Bool {
    keyPath == key || (chain?.firstKey == key)
  }

  func matches(_ observer: NSObject, _ keyPath: String, context: UnsafeMutableRawPointer??) -> Bool {
    self.observer === observer && self.keyPath == keyPath && (context == nil || context! == self.context)
  }

  /// Whether Apple would share one observance between the two: the same observer, key
  /// path, options and context (`NSKeyValueShareableObservances`).
  func isShared(with other: Observance) -> Bool {
    matches(other.observer, other.keyPath, context: .some(other.context)) && options == other.options
  }

  /// The observer, retained for a callout; one deallocated while registered stops the
  /// program, as messaging it crashes on Apple.
  func retainedObserver(of subject: String) -> NSObject {
    guard let observer = shadow else {
      KVOShim.stop(
        """
        KVO_IS_RETAINING_ALL_OBSERVERS_OF_THIS_OBJECT_IF_IT_CRASHES_AN_OBSERVER_WAS_OVERRELEASED_OR_SMASHED: \
        \(observerDescription), observing "\(keyPath)" of \(subject), was deallocated while still registered
        """
      )
    }
    return observer
  }
}

/// What a change notification carries, before it is boxed for one observer.
struct PendingChange {
  let kind: NSKeyValueChange
  let indexes: IndexSet?
  let old: Any?
}

/// One observer's half of a change, pushed by the will-change half and popped by the
/// did-change half: Apple's `NSKeyValuePendingNotification`. Only the observances
/// registered when the change began have one, so an observer registered in the middle of a
/// change is not told of it. The observer is retained from one half to the other, as Apple
/// retains it when it pushes.
struct PendingNotification {
  let observance: Observance
  let observer: NSObject
  let change: PendingChange
}
#endif
