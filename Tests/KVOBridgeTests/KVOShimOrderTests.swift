#if KVO_SHIM
import KVOShim
import Testing

/// Who the model of KVO notifies, in what order, and with what new value, as Apple's KVO
/// does. Apple documents none of this; each test cites the public evidence it follows:
/// apportable/Foundation `tests/src/NSKVOTests.m` (expectations recorded on iOS),
/// renjinkui2719/DIS_KVC_KVO (Foundation's KVO rewritten from its disassembly, Apple's
/// function names kept), microsoft/WinObjC `Frameworks/Foundation/NSKVOSupport.mm`, and
/// gnustep/libs-base PR 743 (`Tests/base/NSKVOSupport/changeset.m`).
extension KVOBridge {
  @Suite("The model of KVO notifies whom Apple notifies, in Apple's order")
  struct ShimOrderTests {
    /// Logs each notification it receives as "name" or "name prior"; runs `onChange` after.
    final class NamedObserver: NSObject, @unchecked Sendable {
      let name: String
      let log: Recorder<String>
      var onChange: ((NamedObserver, [NSKeyValueChangeKey: Any]) -> Void)?

      init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
      }

      override func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
      ) {
        let isPrior = change?[.notificationIsPriorKey] as? Bool == true
        log.append(isPrior ? "\(name) prior" : name)
        onChange?(self, change ?? [:])
      }
    }

    /// A property nothing notifies for by itself, so a test can put work between
    /// `willChangeValue` and `didChangeValue` (apportable's `ReallyBadObservable`).
    final class Counter: NSObject, @unchecked Sendable {
      var count = 0
    }

    /// apportable `ManyObserversOrdering` expects the observers reversed; DIS pops pending
    /// notifications last in, first out (`NSKeyValuePopPendingNotificationPerThread`);
    /// WinObjC's `_dispatchDidChange` walks `reverseObjectEnumerator`.
    @Test("After a change, a key's observers are notified newest registration first")
    func newestFirstAfterChange() {
      let player = Player()
      let log = Recorder<String>()
      let observers = (0..<5).map { NamedObserver("\($0)", log: log) }
      for observer in observers { player.addObserver(observer, forKeyPath: "rate", context: nil) }
      player.rate = 42
      for observer in observers { player.removeObserver(observer, forKeyPath: "rate", context: nil) }
      #expect(log.all == ["4", "3", "2", "1", "0"])
    }

    /// DIS's `NSKeyValueWillChange` walks the observances in registration order and sends
    /// each one's prior notification at its turn; WinObjC's `_dispatchWillChange` walks
    /// forward, its `_dispatchDidChange` backward.
    @Test(".prior notifications go in registration order, the notifications after the change newest first")
    func priorInRegistrationOrder() {
      let player = Player()
      let log = Recorder<String>()
      let observers = (0..<3).map { NamedObserver("\($0)", log: log) }
      for observer in observers { player.addObserver(observer, forKeyPath: "rate", options: [.prior], context: nil) }
      player.rate = 1
      for observer in observers { player.removeObserver(observer, forKeyPath: "rate", context: nil) }
      #expect(log.all == ["0 prior", "1 prior", "2 prior", "2", "1", "0"])
    }

    /// apportable `MultipleChangeOnChangeObservers`, its expected sequence exactly: the
    /// observer registered second is called first, sets the value again, and the nested
    /// change reaches both before the outer one reaches the observer registered first.
    @Test("A change made by a handler reaches every observer at once, then the outer change reaches the older ones")
    func changeInsideCallout() {
      let player = Player()
      let log = Recorder<String>()
      let second = NamedObserver("second", log: log)
      let first = NamedObserver("first", log: log)
      first.onChange = { _, _ in
        log.append("\(player.rate)")
        if player.rate != 2 { player.rate = 2 }
        log.append("first done")
      }
      second.onChange = { _, _ in log.append("\(player.rate)") }
      player.addObserver(second, forKeyPath: "rate", context: nil)
      player.addObserver(first, forKeyPath: "rate", context: nil)
      player.rate = 1
      player.removeObserver(first, forKeyPath: "rate", context: nil)
      player.removeObserver(second, forKeyPath: "rate", context: nil)
      #expect(
        log.all == [
          "first", "1.0",
          "first", "2.0", "first done",
          "second", "2.0",
          "first done",
          "second", "2.0",
        ]
      )
    }

    /// apportable `MidCycleRegister` (the second observer's count is 0); DIS pushes one
    /// pending notification per observance at will-change time and notifies only those.
    @Test("An observer registered between willChangeValue and didChangeValue is not told of that change")
    func registeredMidChangeIsNotTold() {
      let counter = Counter()
      let log = Recorder<String>()
      let early = NamedObserver("early", log: log)
      let late = NamedObserver("late", log: log)
      counter.addObserver(early, forKeyPath: "count", context: nil)
      counter.willChangeValue(forKey: "count")
      counter.addObserver(late, forKeyPath: "count", context: nil)
      counter.count = 50
      counter.didChangeValue(forKey: "count")
      counter.removeObserver(early, forKeyPath: "count", context: nil)
      counter.removeObserver(late, forKeyPath: "count", context: nil)
      #expect(log.all == ["early"])
    }

    /// gnustep/libs-base PR 743 ("end a key value change on the observers it began on"),
    /// whose test registers from inside a prior notification; the one registered is told of
    /// the next change.
    @Test("An observer registered inside a .prior notification is told of the next change, not this one")
    func registeredInsidePriorIsNotTold() {
      let player = Player()
      let log = Recorder<String>()
      let meddler = NamedObserver("meddler", log: log)
      let late = NamedObserver("late", log: log)
      meddler.onChange = { _, change in
        if change[.notificationIsPriorKey] != nil, log.all.count == 1 {
          player.addObserver(late, forKeyPath: "rate", context: nil)
        }
      }
      player.addObserver(meddler, forKeyPath: "rate", options: [.prior], context: nil)
      player.rate = 1
      player.rate = 2
      player.removeObserver(meddler, forKeyPath: "rate", context: nil)
      player.removeObserver(late, forKeyPath: "rate", context: nil)
      #expect(log.all == ["meddler prior", "meddler", "meddler prior", "late", "meddler"])
    }

    /// apportable `MidCycleUnregister` (count 0).
    @Test("An observer removed between willChangeValue and didChangeValue is not notified")
    func removedMidChangeIsNotNotified() {
      let counter = Counter()
      let log = Recorder<String>()
      let observer = NamedObserver("observer", log: log)
      counter.addObserver(observer, forKeyPath: "count", context: nil)
      counter.willChangeValue(forKey: "count")
      counter.count = 50
      counter.removeObserver(observer, forKeyPath: "count", context: nil)
      counter.didChangeValue(forKey: "count")
      #expect(log.all.isEmpty)
    }

    /// DIS checks, before each callout of the did-change half, that the observance is still
    /// in the object's observation info (`_NSKeyValueCheckObservationInfoForPendingNotification`);
    /// gnustep/libs-base PR 743's test: "an observer removed during a change is sent nothing".
    @Test("An observer removed by an earlier observer's callout is not called for that change")
    func removedByEarlierCalloutIsNotCalled() {
      let player = Player()
      let log = Recorder<String>()
      let older = NamedObserver("older", log: log)
      let newer = NamedObserver("newer", log: log)
      newer.onChange = { _, _ in
        if log.all.count == 1 { player.removeObserver(older, forKeyPath: "rate", context: nil) }
      }
      player.addObserver(older, forKeyPath: "rate", context: nil)
      player.addObserver(newer, forKeyPath: "rate", context: nil)
      player.rate = 1
      player.removeObserver(newer, forKeyPath: "rate", context: nil)
      #expect(log.all == ["newer"])
    }

    /// DIS's will-change walk (`NSKeyValueWillChange`) sends the prior notifications to the
    /// observances it found when the change began, without looking again; the did-change
    /// half then skips the one removed.
    @Test("An observer removed by an earlier .prior callout still gets its own .prior notification, not the change")
    func removedByEarlierPriorCallout() {
      let player = Player()
      let log = Recorder<String>()
      let remover = NamedObserver("remover", log: log)
      let removed = NamedObserver("removed", log: log)
      remover.onChange = { _, change in
        if change[.notificationIsPriorKey] != nil { player.removeObserver(removed, forKeyPath: "rate", context: nil) }
      }
      player.addObserver(remover, forKeyPath: "rate", options: [.prior], context: nil)
      player.addObserver(removed, forKeyPath: "rate", options: [.prior], context: nil)
      player.rate = 1
      player.removeObserver(remover, forKeyPath: "rate", context: nil)
      #expect(log.all == ["remover prior", "removed prior", "remover"])
    }

    /// apportable `MidCycleReregister` (count 1) and `MidCycleReregisterWithContext`
    /// (count 0): Apple shares one observance among registrations of the same observer,
    /// key path, options and context (DIS's `NSKeyValueShareableObservances`), so the
    /// pending notification finds "its" observance registered again.
    @Test(
      "Removed and registered again mid-change with the same options and context: notified; with another context: not",
      arguments: [true, false]
    )
    func reregisteredMidChange(sameContext: Bool) {
      let counter = Counter()
      let log = Recorder<String>()
      let observer = NamedObserver("observer", log: log)
      var otherContext = 0
      counter.addObserver(observer, forKeyPath: "count", context: nil)
      counter.willChangeValue(forKey: "count")
      counter.removeObserver(observer, forKeyPath: "count", context: nil)
      counter.count = 50
      withUnsafeMutablePointer(to: &otherContext) { other in
        let context = sameContext ? nil : UnsafeMutableRawPointer(other)
        counter.addObserver(observer, forKeyPath: "count", context: context)
        counter.didChangeValue(forKey: "count")
        counter.removeObserver(observer, forKeyPath: "count", context: context)
      }
      #expect(log.all == (sameContext ? ["observer"] : []))
    }

    /// apportable `MidCyclePartialUnregister` (count 2, "This seems wrong"): the pending
    /// notification of the registration removed finds the other, alike, still registered.
    @Test("Registered twice alike and removed once mid-change: both pending notifications are delivered")
    func partiallyRemovedMidChange() {
      let counter = Counter()
      let log = Recorder<String>()
      let observer = NamedObserver("observer", log: log)
      counter.addObserver(observer, forKeyPath: "count", context: nil)
      counter.addObserver(observer, forKeyPath: "count", context: nil)
      counter.willChangeValue(forKey: "count")
      counter.count = 50
      counter.removeObserver(observer, forKeyPath: "count", context: nil)
      counter.didChangeValue(forKey: "count")
      counter.removeObserver(observer, forKeyPath: "count", context: nil)
      #expect(log.all == ["observer", "observer"])
    }

    /// The decision on a change that a handler changes again: the new value is read for
    /// each observer just before its callout, as DIS's `NSKeyValueDidChangeBySetting` reads
    /// `valueForKeyPath:` for each pending notification it pops. (WinObjC caches one value
    /// per change; gnustep/libs-base reads every observer's before the first callout; the
    /// header's "at the instant that -didChangeValueForKey: is invoked" gives the same value
    /// whenever no handler changes the key again.)
    @Test("The new value is read for each observer at its callout: an older observer sees what a newer one set")
    func newValueReadAtEachCallout() throws {
      let player = Player()
      let log = Recorder<String>()
      let older = NamedObserver("older", log: log)
      let newer = NamedObserver("newer", log: log)
      var olderChanges: [[NSKeyValueChangeKey: Any]] = []
      older.onChange = { _, change in olderChanges.append(change) }
      newer.onChange = { _, _ in if player.rate == 1 { player.rate = 2 } }
      player.addObserver(older, forKeyPath: "rate", options: [.old, .new], context: nil)
      player.addObserver(newer, forKeyPath: "rate", options: [.old, .new], context: nil)
      player.rate = 1
      player.removeObserver(older, forKeyPath: "rate", context: nil)
      player.removeObserver(newer, forKeyPath: "rate", context: nil)
      #expect(log.all == ["newer", "newer", "older", "older"])
      try #require(olderChanges.count == 2)
      // The nested change (1 → 2) first; then the outer one (0 → …), read after the nested.
      #expect(olderChanges[0][.oldKey] as? Double == 1 && olderChanges[0][.newKey] as? Double == 2)
      #expect(olderChanges[1][.oldKey] as? Double == 0 && olderChanges[1][.newKey] as? Double == 2)
    }
  }
}
#endif
