#if KVO_SHIM
import KVOShim
import Testing

/// The model of KVO behaves as Apple documents, sharp edges included: what the bridge's
/// tests on Linux rest on.
extension KVOBridge {
  @Suite("The model of KVO keeps Apple's rules")
  struct ShimTests {
    /// A raw observer in the Objective-C idiom: records what it is sent.
    final class RawObserver: NSObject, @unchecked Sendable {
      var changes: [[NSKeyValueChangeKey: Any]] = []
      var onChange: ((RawObserver) -> Void)?

      override func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
      ) {
        changes.append(change ?? [:])
        onChange?(self)
      }
    }

    @Test("Raw values and change keys are Apple's")
    func rawValues() {
      #expect(Parity.rawValues.map(\.1) == [1, 2, 4, 8, 1, 2, 3, 4, 769])
      #expect(
        [NSKeyValueChangeKey.kindKey, .newKey, .oldKey, .indexesKey, .notificationIsPriorKey].map(\.rawValue)
          == ["kind", "new", "old", "indexes", "notificationIsPrior"]
      )
    }

    @Test("Change dictionaries are boxed as Objective-C boxes them; .initial has new and never old")
    func boxing() throws {
      let player = Player()
      let observer = RawObserver()
      player.addObserver(observer, forKeyPath: "title", options: [.initial, .old, .new, .prior], context: nil)
      player.title = "A"
      player.removeObserver(observer, forKeyPath: "title", context: nil)
      let changes = observer.changes
      try #require(changes.count == 3)
      #expect(changes[0][.kindKey] is NSNumber && changes[0][.newKey] is NSNull && changes[0][.oldKey] == nil)
      #expect(changes[1][.notificationIsPriorKey] as? Bool == true && changes[1][.oldKey] is NSNull)
      #expect(changes[1][.newKey] == nil)
      #expect(changes[2][.oldKey] is NSNull && changes[2][.newKey] is NSString)
    }

    @Test("To-many changes carry NSIndexSet indexes and an NSArray of only the affected elements")
    func toManyBoxing() throws {
      let player = Player()
      player.enqueue("a", at: 0)
      let observer = RawObserver()
      player.addObserver(observer, forKeyPath: "queue", options: [.old, .new], context: nil)
      player.enqueue("b", at: 1)
      player.removeObserver(observer, forKeyPath: "queue")
      let change = try #require(observer.changes.first)
      #expect(change[.indexesKey] is NSIndexSet && change[.newKey] is NSArray && change[.oldKey] == nil)
      #expect(change[.newKey] as? [String] == ["b"])
    }

    @Test("Associated objects are released when their object is deallocated")
    func associationsReleasedAtDeath() {
      final class Token {}
      weak var associated: Token?
      var key = 0
      do {
        let player = Player()
        let value = Token()
        associated = value
        withUnsafePointer(to: &key) { objc_setAssociatedObject(player, $0, value, .OBJC_ASSOCIATION_RETAIN) }
        #expect(withUnsafePointer(to: &key) { objc_getAssociatedObject(player, $0) } as? Token === value)
      }
      #expect(associated == nil)
    }

    @Test("The leak check reports an observer left registered when its subject is deallocated")
    func leakCheck() {
      let observer = RawObserver()
      do {
        let player = Player()
        player.addObserver(observer, forKeyPath: "rate", context: nil)
      }
      let leftovers = KVOShim.leftovers()
      #expect(leftovers.count == 1)
      // Apple's words: "An instance 0x1005bf3a0 of class Foo was deallocated while key value
      // observers were still registered with it." (the crash quoted at
      // fpotter.org/posts/when-is-kvo-unregistration-automatic; DIS_KVC_KVO's
      // DSKeyValueContainerClass.m formats it so).
      #expect(
        leftovers.first?.hasPrefix(
          "An instance 0x"
        ) == true
      )
      #expect(
        leftovers.first?.contains(
          " of class Player was deallocated while key value observers were still registered with it"
        ) == true
      )
    }

    @Test(
      "The leak check reports a key path left registered when its subject is deallocated, and the registration of its rest"
    )
    func leakCheckOfKeyPath() {
      let observer = RawObserver()
      do {
        let item = PlayerItem()
        do {
          let player = QueuePlayer(currentItem: item)
          player.addObserver(observer, forKeyPath: "currentItem.status", context: nil)
        }
        let leftovers = KVOShim.leftovers()
        #expect(leftovers.count == 2)
        #expect(
          leftovers.contains {
            $0.hasPrefix("An instance 0x") && $0.contains(" of class QueuePlayer was deallocated while")
              && $0.contains("still registered with it: <RawObserver 0x") && $0.hasSuffix("for \"currentItem.status\"")
          })
        #expect(
          leftovers.contains {
            $0.hasPrefix("<KeyPathChain 0x") && $0.contains("still observes \"status\" of <PlayerItem 0x")
          })
      }
      _ = KVOShim.leftovers()  // the item's, deallocated with the chain still registered
    }

    /// Objects print as `<RawObserver 0x…>`, Apple's `<%@ %p>` (renjinkui2719/DIS_KVC_KVO,
    /// `NSObject+DSKeyValueObserverRegistration.m`; public crash logs), not as their description.
    @Test("Removing an observer that is not registered stops with NSRangeException's message, objects as <Class 0x…>")
    func removingUnregisteredStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Player().removeObserver(RawObserver(), forKeyPath: "rate", context: nil)
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("NSRangeException, reason: 'Cannot remove an observer <RawObserver 0x"))
      #expect(message.contains("for the key path \"rate\" from <Player 0x"))
      #expect(message.contains("because it is not registered as an observer."))
    }

    @Test("Removing an observer from inside its .initial notification stops: the registration does not exist yet")
    func removingInsideInitialStops() async {
      await #expect(processExitsWith: .failure) {
        let player = Player()
        let observer = RawObserver()
        observer.onChange = { player.removeObserver($0, forKeyPath: "rate", context: nil) }
        player.addObserver(observer, forKeyPath: "rate", options: [.initial], context: nil)
      }
    }

    @Test("A notification forwarded to NSObject's observeValue stops with NSInternalInconsistencyException's message")
    func unhandledContextStops() async {
      final class ForwardingObserver: NSObject {
        override func observeValue(
          forKeyPath keyPath: String?,
          of object: Any?,
          change: [NSKeyValueChangeKey: Any]?,
          context: UnsafeMutableRawPointer?
        ) {
          super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        }
      }
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let player = Player()
        let observer = ForwardingObserver()
        player.addObserver(observer, forKeyPath: "rate", context: nil)
        withExtendedLifetime(observer) { player.rate = 1 }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      // This one prints the observer's description, with a colon, as Apple's does.
      #expect(
        message.contains(
          "'<ForwardingObserver: 0x"
        )
      )
      #expect(
        message.contains("-observeValueForKeyPath:ofObject:change:context: message was received but not handled."))
    }

    @Test("A key path of several keys is notified as the whole path of the object observed, with its values")
    func keyPathOfSeveralKeys() throws {
      final class PathObserver: NSObject, @unchecked Sendable {
        var calls: [(keyPath: String?, object: AnyObject?, change: [NSKeyValueChangeKey: Any])] = []
        override func observeValue(
          forKeyPath keyPath: String?,
          of object: Any?,
          change: [NSKeyValueChangeKey: Any]?,
          context: UnsafeMutableRawPointer?
        ) {
          calls.append((keyPath, object as AnyObject?, change ?? [:]))
        }
      }
      let item = PlayerItem()
      let player = QueuePlayer(currentItem: item)
      let observer = PathObserver()
      player.addObserver(observer, forKeyPath: "currentItem.status", options: [.old, .new], context: nil)
      item.status = .readyToPlay
      player.currentItem = nil
      player.removeObserver(observer, forKeyPath: "currentItem.status", context: nil)
      #expect(KVOShim.leftovers() == [])
      try #require(observer.calls.count == 2)
      #expect(observer.calls.allSatisfy { $0.keyPath == "currentItem.status" && $0.object === player })
      #expect(observer.calls[0].change[.oldKey] as? Int == 0 && observer.calls[0].change[.newKey] as? Int == 1)
      #expect(observer.calls[1].change[.oldKey] as? Int == 1 && observer.calls[1].change[.newKey] is NSNull)
    }

    @Test("An intermediate replaced without a KVO notification stops, as Apple raises, at the next change of its key")
    func uncompliantIntermediateStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class CarelessPlayer: QueuePlayer, @unchecked Sendable {
          /// Replaces the item without telling KVO: not KVO-compliant.
          func replaceItemSilently(with item: PlayerItem) {
            Self.silently = true
            currentItem = item
            Self.silently = false
          }
          nonisolated(unsafe) static var silently = false
          override func willChangeValue(forKey key: String) { if !Self.silently { super.willChangeValue(forKey: key) } }
          override func didChangeValue(forKey key: String) { if !Self.silently { super.didChangeValue(forKey: key) } }
        }
        let player = CarelessPlayer(currentItem: PlayerItem())
        let observer = RawObserver()
        player.addObserver(observer, forKeyPath: "currentItem.status", context: nil)
        player.replaceItemSilently(with: PlayerItem())
        player.currentItem = PlayerItem()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("Cannot update for observer <RawObserver 0x"))
      #expect(message.contains("for the key path \"currentItem.status\" from <CarelessPlayer 0x"))
      #expect(
        message.contains(
          "most likely because the value for the key \"currentItem\" has changed without an appropriate KVO notification being sent. Check the KVO-compliance of the CarelessPlayer class."
        )
      )
    }

    @Test("Observers are not retained: a notification to one deallocated while registered stops")
    func deadObserverStops() async {
      await #expect(processExitsWith: .failure) {
        let player = Player()
        do { player.addObserver(RawObserver(), forKeyPath: "rate", context: nil) }
        player.rate = 1
      }
    }
  }
}
#endif
