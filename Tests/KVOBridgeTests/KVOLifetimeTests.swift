import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// Each registration is removed exactly once, whichever ends first — `invalidate()`, the
  /// token's release, the subject's deallocation — and never from inside `addObserver`.
  /// (The model stops on a second removal and the leak check after each test fails on a
  /// missing one.)
  @Suite("KVO registrations are removed exactly once")
  struct LifetimeTests {
    @Test("invalidate() removes the registration once: again, and then releasing the token, do nothing")
    func invalidateTwiceThenRelease() {
      let player = Player()
      let seen = Recorder<Double?>()
      var token: ObservationToken? = ObservationToken(observing: player, \.rate) { _, change in
        seen.append(change.newValue)
      }
      player.rate = 1
      token?.invalidate()
      token?.invalidate()
      #expect(token?.isValid == false)
      token = nil
      player.rate = 2
      #expect(seen.all == [1])
    }

    @Test("Releasing the token removes the registration; the subject keeps nothing of it")
    func releasingTheToken() {
      let player = Player()
      let seen = Recorder<Double?>()
      weak var handlerCapture: Recorder<Double?>?
      do {
        let captured = Recorder<Double?>()
        handlerCapture = captured
        let token = ObservationToken(observing: player, \.rate) { _, change in
          captured.append(change.newValue)
          seen.append(change.newValue)
        }
        player.rate = 1
        _ = token
      }
      player.rate = 2
      #expect(seen.all == [1])
      #expect(handlerCapture == nil)
    }

    @Test(
      "The subject released first: the token becomes invalid, its registration is removed once, invalidating later does nothing"
    )
    func subjectReleasedFirst() {
      var player: Player? = Player()
      weak let weakPlayer = player
      let token = ObservationToken(observing: player!, \.rate) { _, _ in }
      #expect(token.isValid)
      player = nil
      #expect(weakPlayer == nil)
      #expect(!token.isValid)
      token.invalidate()
    }

    @Test("A subject that holds its own token (the cell idiom) can be released first")
    func subjectHoldsItsToken() {
      final class SelfObservingPlayer: Player, @unchecked Sendable {
        var token: ObservationToken?
        var rates: [Double] = []
        #if KVO_SHIM
        override class var kvoShimKeyPaths: [AnyKeyPath: String] { [\SelfObservingPlayer.rate: "rate"] }
        #endif
        override init() {
          super.init()
          token = ObservationToken(observing: self, \.rate) { player, change in player.rates.append(change.newValue!) }
        }
      }
      weak var weakPlayer: SelfObservingPlayer?
      do {
        let player = SelfObservingPlayer()
        weakPlayer = player
        player.rate = 1
        #expect(player.rates == [1])
      }
      #expect(weakPlayer == nil)
    }

    @Test("Invalidating inside the .initial call ends the token; the removal waits until addObserver has returned")
    func invalidateInsideInitial() {
      let player = Player()
      let seen = Recorder<Double?>()
      let token = ObservationToken(observing: player, \.rate, options: [.initial]) { _, change, token in
        seen.append(change.newValue)
        token.invalidate()
      }
      #expect(!token.isValid)
      player.rate = 1
      #expect(seen.all == [0])
    }

    @Test("A handler can invalidate its own token; later changes do not reach it")
    func invalidateInsideHandler() {
      let player = Player()
      let seen = Recorder<Double?>()
      let token = ObservationToken(observing: player, \.rate) { _, change, token in
        seen.append(change.newValue)
        if change.newValue == 2 { token.invalidate() }
      }
      player.rate = 1
      player.rate = 2
      player.rate = 3
      #expect(seen.all == [1, 2])
      #expect(!token.isValid)
    }

    @Test("Tokens kept in a bag end when the bag is emptied")
    func bag() {
      let player = Player()
      let seen = Recorder<String>()
      var bag = ObservationBag()
      ObservationToken(observing: player, \.rate) { _, _ in seen.append("rate") }.store(in: &bag)
      ObservationToken(observing: player, \.title) { _, _ in seen.append("title") }.store(in: &bag)
      player.rate = 1
      player.title = "A"
      bag.removeAll()
      player.rate = 2
      player.title = "B"
      #expect(seen.all == ["rate", "title"])
    }
  }
}
