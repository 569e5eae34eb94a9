import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// KVO's classic trap — a superclass and a subclass observing the same key path of the
  /// same object through one `observeValue` — cannot happen with tokens: each has its own
  /// observer and context.
  ///
  /// Two KVO tokens are two KVO observers, called in Foundation's order: newest
  /// registration first after a change, `.prior` in registration order. Only
  /// `foundationOrder` depends on that order, and pins it; the others hold in any order.
  @Suite("Two tokens on the same KVO key path never see each other's changes")
  struct ContextTests {
    /// A cell as UIKit apps write them: the base class observes the player's rate…
    class PlayerCell {
      var bag = ObservationBag()
      let log = Recorder<String>()

      init(player: VideoPlayer) {
        ObservationToken(observing: player, \.rate) { [log] _, change in
          log.append("cell \(change.newValue!)")
        }.store(in: &bag)
      }
    }

    /// …and a subclass adds its own token on the same key path of the same object.
    final class DetailPlayerCell: PlayerCell {
      override init(player: VideoPlayer) {
        super.init(player: player)
        ObservationToken(observing: player, \.rate) { [log] _, change in
          log.append("detail \(change.newValue!)")
        }.store(in: &bag)
      }
    }

    @Test("A base class's token and a subclass's token on the same key path each get every change exactly once")
    func baseAndSubclassTokens() {
      let player = VideoPlayer()
      let cell = DetailPlayerCell(player: player)
      player.rate = 1
      player.rate = 2
      let log = cell.log.all
      #expect(log.count == 4)
      #expect(Set(log.prefix(2)) == ["cell 1.0", "detail 1.0"])
      #expect(Set(log.dropFirst(2)) == ["cell 2.0", "detail 2.0"])
    }

    @Test("Ending one of two tokens on the same key path leaves the other observing")
    func endingOneLeavesTheOther() {
      let player = Player()
      let seen = Recorder<String>()
      let first = ObservationToken(observing: player, \.rate) { _, _ in seen.append("first") }
      let second = ObservationToken(observing: player, \.rate) { _, _ in seen.append("second") }
      player.rate = 1
      first.invalidate()
      player.rate = 2
      #expect(seen.all.count == 3)
      #expect(Set(seen.all.prefix(2)) == ["first", "second"])
      #expect(seen.all.last == "second")
      _ = second
    }

    @Test("A token rooted at a subclass and one rooted at its superclass observe the same property")
    func subclassRootedKeyPath() {
      let player = VideoPlayer()
      let seen = Recorder<String>()
      let base = ObservationToken(observing: player as Player, \.rate) { _, _ in seen.append("base") }
      let subclass = ObservationToken(observing: player, \VideoPlayer.rate) { _, _ in seen.append("subclass") }
      player.rate = 1
      #expect(seen.all.sorted() == ["base", "subclass"])
      _ = (base, subclass)
    }

    /// Foundation's order, which the tokens keep: apportable/Foundation's
    /// `ManyObserversOrdering` (recorded on iOS) expects observers reversed after a change;
    /// Foundation's KVO sends prior notifications as it walks the observances in
    /// registration order (renjinkui2719/DIS_KVC_KVO, `NSKeyValueWillChange`).
    @Test("Two tokens on one key path are called in Foundation's order: .prior oldest first, the change newest first")
    func foundationOrder() {
      let player = Player()
      let seen = Recorder<String>()
      let older = ObservationToken(observing: player, \.rate, options: [.prior]) { _, change in
        seen.append(change.isPrior ? "older prior" : "older")
      }
      let newer = ObservationToken(observing: player, \.rate, options: [.prior]) { _, change in
        seen.append(change.isPrior ? "newer prior" : "newer")
      }
      player.rate = 1
      #expect(seen.all == ["older prior", "newer prior", "newer", "older"])
      withExtendedLifetime((older, newer)) {}
    }
  }
}
