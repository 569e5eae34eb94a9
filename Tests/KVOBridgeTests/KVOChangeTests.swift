import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// The change dictionary read as an ordinary `ObservedChange`, whatever Objective-C
  /// boxed: numbers, `NSNull`, `@objc enum`s, to-many changes, prior notifications.
  @Suite("KVO changes arrive typed")
  struct ChangeTests {
    @Test("A number arrives as its type, with .initial first (no old value) and then old and new")
    func numberWithInitial() {
      let player = Player()
      player.rate = 1
      let seen = Recorder<Seen<Double>>()
      let token = ObservationToken(observing: player, \.rate, options: [.initial]) { _, change in
        seen.append(Seen(change))
      }
      player.rate = 2
      #expect(seen.all == [Seen(new: 1), Seen(old: 1, new: 2)])
      _ = token
    }

    @Test("With .prior a call before each change carries the old value, isPrior set")
    func prior() {
      let player = Player()
      let seen = Recorder<Seen<Double>>()
      let token = ObservationToken(observing: player, \.rate, options: [.prior]) { _, change in
        seen.append(Seen(change))
      }
      player.rate = 2
      #expect(seen.all == [Seen(old: 0, isPrior: true), Seen(old: 0, new: 2)])
      _ = token
    }

    @Test("NSNull arrives as a present nil for an optional value (.some(nil), SR-6066), not as a missing value")
    func nullIsPresentNil() {
      let player = Player()
      let seen = Recorder<Seen<String?>>()
      let token = ObservationToken(observing: player, \.title, options: [.initial]) { _, change in
        seen.append(Seen(change))
      }
      player.title = "Intro"
      player.title = nil
      #expect(
        seen.all == [
          Seen(new: .some(nil)), Seen(old: .some(nil), new: "Intro"), Seen(old: "Intro", new: .some(nil)),
        ]
      )
      _ = token
    }

    /// Foundation's own `observe(_:options:changeHandler:)` casts the boxed value to the
    /// property's type and keeps an `NSNull` that casts (swiftlang/swift,
    /// `stdlib/public/Darwin/Foundation/NSObject.swift`, its `converter`).
    @Test("An NSNull held by an Any, AnyObject or NSNull property arrives as that NSNull, not as nil or nothing")
    func nullHeldByLooselyTypedProperty() {
      let clipboard = Clipboard()
      let contents = Recorder<Any?>()
      let owner = Recorder<AnyObject?>()
      let marker = Recorder<NSNull?>()
      let tokens = [
        ObservationToken(observing: clipboard, \.contents) { _, change in contents.append(change.newValue) },
        ObservationToken(observing: clipboard, \.owner) { _, change in owner.append(change.newValue) },
        ObservationToken(observing: clipboard, \.marker) { _, change in marker.append(change.newValue) },
      ]
      clipboard.contents = NSNull()
      clipboard.owner = NSNull()
      clipboard.marker = NSNull()
      #expect(contents.all.count == 1 && contents.all.allSatisfy { $0 is NSNull })
      #expect(owner.all.count == 1 && owner.all.allSatisfy { $0 is NSNull })
      #expect(marker.all.count == 1 && marker.all.allSatisfy { $0 != nil })
      withExtendedLifetime(tokens) {}
    }

    @Test("An @objc enum arrives as itself, made again from the raw value KVO boxed")
    func enumFromRawValue() {
      let player = Player()
      let seen = Recorder<Seen<PlaybackStatus>>()
      let token = ObservationToken(observing: player, \.status) { _, change in seen.append(Seen(change)) }
      player.status = .readyToPlay
      #expect(seen.all == [Seen(old: .unknown, new: .readyToPlay)])
      _ = token
    }

    @Test("A to-many change arrives with its kind, its indexes and only the affected elements")
    func toManyChanges() {
      let player = Player()
      player.enqueue("a", at: 0)
      let seen = Recorder<Seen<[String]>>()
      let token = ObservationToken(observing: player, \.queue, options: [.prior]) { _, change in
        seen.append(Seen(change))
      }
      player.enqueue("b", at: 1)
      player.replace(at: 0, with: "c")
      player.dequeue(at: 1)
      #expect(
        seen.all == [
          Seen(.insertion, indexes: [1..<2], isPrior: true), Seen(.insertion, new: ["b"], indexes: [1..<2]),
          Seen(.replacement, old: ["a"], indexes: [0..<1], isPrior: true),
          Seen(.replacement, old: ["a"], new: ["c"], indexes: [0..<1]),
          Seen(.removal, old: ["b"], indexes: [1..<2], isPrior: true), Seen(.removal, old: ["b"], indexes: [1..<2]),
        ]
      )
      #expect(player.queue == ["c"])
      _ = token
    }

    @Test("The handler receives the subject, typed, and runs on the thread that made the change")
    func subjectAndThread() {
      let player = VideoPlayer()
      let seen = Recorder<Bool>()
      let changingThread = ObjectIdentifier(Thread.current)
      let token = ObservationToken(observing: player, \.rate) { subject, _ in
        seen.append(subject === player && ObjectIdentifier(Thread.current) == changingThread)
      }
      player.rate = 3
      #expect(seen.all == [true])
      _ = token
    }
  }
}
