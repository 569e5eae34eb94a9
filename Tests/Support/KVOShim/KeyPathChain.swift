#if !canImport(ObjectiveC)
/// The rest of a multi-component key path: the model's `NSKeyValueNestedProperty`. An
/// observation of "a.b" on X is X's registration for the whole path plus this internal
/// observer, registered for "b" with X's current `a`. It forwards what that `a` sends to
/// the real observer as a change of "a.b" of X; when X's `a` is replaced (X notifies "a")
/// it moves from the old `a` to the new one; removing the observation removes it too, so
/// nothing of the chain stays registered. A nil `a` has nothing to register with.
///
/// `@unchecked Sendable`: `link` is behind its lock; the rest is set once.
final class KeyPathChain: NSObject, @unchecked Sendable {
  /// The first key ("a") and the path after it ("b", itself a chain when it has a dot).
  let firstKey: String
  let rest: String
  /// The registration this forwards to: the observer, the whole key path, its options
  /// and context.
  private let target: Observance
  /// Not retained, as KVO retains no observed object; its registration holds this chain
  /// and removes it before its removal returns.
  private unowned(unsafe) let root: NSObject
  /// The `a` this is registered with, not retained; whether the observation was removed.
  private let link = Protected(Link())

  init(root: NSObject, target: Observance) {
    let keys = target.keyPath.split(separator: ".", maxSplits: 1)
    self.firstKey = String(keys[0])
    self.rest = String(keys[1])
    self.target = target
    self.root = root
    super.init()
  }

  /// Registers for the rest of the path with the root's current `a`, unless the
  /// observation was removed.
  func attach() {
    guard let object = Boxing.unwrapped(root.value(forKey: firstKey)) as? NSObject,
      link.withLock({ link in
        defer { if !link.isEnded { link.object = object } }
        return !link.isEnded
      })
    else { return }
    object.addObserver(self, forKeyPath: rest, options: target.options.subtracting(.initial), context: nil)
  }

  /// The observation was removed: removes the rest of the chain, for good.
  func end() {
    link.withLock { $0.isEnded = true }
    detach()
  }

  /// Removes the registration with the current `a`, and with it the rest of the chain.
  private func detach() {
    let object = link.withLock { link in
      defer { link.object = nil }
      return link.object
    }
    object?.removeObserver(self, forKeyPath: rest, context: nil)
  }

  /// The root's `a` was replaced by a notified change: observe the new `a` from now on.
  /// An `a` that changed without a notification (a property that is not KVO-compliant)
  /// stops with the exception Apple raises here.
  func move(from old: NSObject?) {
    guard link.withLock({ $0.object === old }) else {
      KVOShim.stop(
        """
        NSInternalInconsistencyException, reason: 'Cannot update for observer \(target.observerDescription) \
        for the key path "\(target.keyPath)" from \(KVOShim.identify(root)), most likely because the value \
        for the key "\(firstKey)" has changed without an appropriate KVO notification being sent. Check the \
        KVO-compliance of the \(type(of: root)) class.'
        """
      )
    }
    detach()
    attach()
  }

  /// A change of the rest of the path of the current `a` is a change of the whole path of
  /// the root: its old and new values are the same.
  override func observeValue(
    forKeyPath keyPath: String?,
    of object: Any?,
    change: [NSKeyValueChangeKey: Any]?,
    context: UnsafeMutableRawPointer?
  ) {
    let observer = target.retainedObserver(of: KVOShim.identify(root))
    observer.observeValue(forKeyPath: target.keyPath, of: root, change: change, context: target.context)
  }
}

extension KeyPathChain {
  /// What the chain is registered with: an object held weakly (one deallocated while
  /// registered is reported by the leak check), and whether the observation was removed.
  struct Link {
    weak var object: NSObject?
    var isEnded = false
  }
}
#endif
