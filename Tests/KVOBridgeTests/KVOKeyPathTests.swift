import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// A token on a key path of several keys, `\.currentItem?.status`: KVO follows the path,
  /// moving to each new item, and the token's removal takes the whole chain with it —
  /// including for a token rooted at the object that holds it (SR-15443, where
  /// `NSKeyValueObservation` never unregisters).
  @Suite("KVO key paths of several keys")
  struct KeyPathTests {
    @Test("A change of the last key is reported with the whole path's values; .initial and .prior as for one key")
    func leafChanged() {
      let player = QueuePlayer(currentItem: PlayerItem())
      let seen = Recorder<Seen<PlaybackStatus?>>()
      let token = ObservationToken(observing: player, \.currentItem?.status, options: [.initial, .prior]) { _, change in
        seen.append(Seen(change))
      }
      player.currentItem?.status = .readyToPlay
      #expect(
        seen.all == [
          Seen(new: .unknown), Seen(old: .unknown, isPrior: true), Seen(old: .unknown, new: .readyToPlay),
        ]
      )
      _ = token
    }

    @Test(
      "Replacing the item is a change of the path (.prior too); then the old item's changes are no longer reported, the new one's are"
    )
    func intermediateReplaced() {
      let first = PlayerItem()
      let second = PlayerItem(status: .failed)
      let player = QueuePlayer(currentItem: first)
      let seen = Recorder<Seen<PlaybackStatus?>>()
      let token = ObservationToken(observing: player, \.currentItem?.status, options: [.prior]) { _, change in
        seen.append(Seen(change))
      }
      player.currentItem = second
      first.status = .readyToPlay
      second.status = .readyToPlay
      #expect(
        seen.all == [
          Seen(old: .unknown, isPrior: true), Seen(old: .unknown, new: .failed),
          Seen(old: .failed, isPrior: true), Seen(old: .failed, new: .readyToPlay),
        ]
      )
      _ = token
    }

    @Test("A nil on the way is a present nil value (NSNull), in .initial and when the item comes and goes")
    func nilIntermediate() {
      let player = QueuePlayer()
      let seen = Recorder<Seen<PlaybackStatus?>>()
      let token = ObservationToken(observing: player, \.currentItem?.status, options: [.initial]) { _, change in
        seen.append(Seen(change))
      }
      let item = PlayerItem(status: .readyToPlay)
      player.currentItem = item
      player.currentItem = nil
      item.status = .failed
      #expect(
        seen.all == [
          Seen(new: .some(nil)), Seen(old: .some(nil), new: .readyToPlay), Seen(old: .readyToPlay, new: .some(nil)),
        ]
      )
      _ = token
    }

    @Test("invalidate() removes every registration of the path, the item's included")
    func invalidateRemovesTheChain() throws {
      let item = PlayerItem()
      let player = QueuePlayer(currentItem: item)
      let seen = Recorder<PlaybackStatus?>()
      let token = ObservationToken(observing: player, \.currentItem?.status) { _, change in
        seen.append(change.newValue ?? nil)
      }
      item.status = .readyToPlay
      token.invalidate()
      #if KVO_SHIM
      try #require(KVOShim.leftovers() == [])
      #endif
      item.status = .failed
      player.currentItem = PlayerItem()
      #expect(seen.all == [.readyToPlay])
    }

    @Test("The subject released first: the token becomes invalid and the item it observed keeps nothing registered")
    func subjectReleasedFirst() throws {
      let item = PlayerItem()
      var player: QueuePlayer? = QueuePlayer(currentItem: item)
      let seen = Recorder<PlaybackStatus?>()
      let token = ObservationToken(observing: player!, \.currentItem?.status) { _, change in
        seen.append(change.newValue ?? nil)
      }
      item.status = .readyToPlay
      player = nil
      #expect(!token.isValid)
      #if KVO_SHIM
      try #require(KVOShim.leftovers() == [])
      #endif
      item.status = .failed
      #expect(seen.all == [.readyToPlay])
    }

    @Test(
      "A player observing its own \\.currentItem?.status is released: the item it observed keeps nothing registered (SR-15443)"
    )
    func rootedAtSelf() throws {
      final class SelfWatchingPlayer: QueuePlayer, @unchecked Sendable {
        var token: ObservationToken?
        var statuses: [PlaybackStatus?] = []
        #if KVO_SHIM
        override class var kvoShimKeyPaths: [AnyKeyPath: String] {
          [\SelfWatchingPlayer.currentItem?.status: "currentItem.status"]
        }
        #endif
        override init(currentItem: PlayerItem? = nil) {
          super.init(currentItem: currentItem)
          token = ObservationToken(observing: self, \.currentItem?.status) { player, change in
            player.statuses.append(change.newValue ?? nil)
          }
        }
      }
      let item = PlayerItem()
      weak var weakPlayer: SelfWatchingPlayer?
      do {
        let player = SelfWatchingPlayer(currentItem: item)
        weakPlayer = player
        item.status = .readyToPlay
        #expect(player.statuses == [.readyToPlay])
      }
      #expect(weakPlayer == nil)
      #if KVO_SHIM
      try #require(KVOShim.leftovers() == [])
      #endif
      // A registration left on the item would now call out to the released player.
      item.status = .failed
    }
  }
}
