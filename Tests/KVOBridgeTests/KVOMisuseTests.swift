import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  @Suite("KVO misuse stops with its message, in every build")
  struct MisuseTests {
    @Test(
      "Observing a property KVO cannot observe (not @objc dynamic) stops at the caller's line, naming the type and the key path"
    )
    func notObservableStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Self.observeVolume()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("\(#fileID):\(Self.volumeLine): Fatal error: ObservationToken: \\Player."))
      #expect(message.contains("on Player is not a key path KVO can observe, so it could never report a change."))
      #expect(message.contains("Mark every property on the path @objc dynamic."))
    }

    @Test(
      "A handler that sets the property it observes without end stops with a message naming it and where it was observed"
    )
    func runawayReentryStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Self.observeRateForever()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          "ObservationToken: the handler observing \\Player.rate on Player, observed at \(#fileID):\(Self.foreverLine), keeps calling itself"
        ))
      // A KVO token of an Equatable value has removingDuplicates: the message offers it.
      #expect(message.contains("Set it only when the new value differs, or observe with removingDuplicates: true"))
    }

    @Test("A handler that sets the property it observes a bounded number of times keeps working")
    func boundedReentry() {
      let player = Player()
      let token = ObservationToken(observing: player, \.rate) { player, change in
        if let rate = change.newValue, rate > 2 { player.rate = rate - 1 }
      }
      player.rate = 12
      #expect(player.rate == 2)
      _ = token
    }

    static let foreverLine = #line + 3
    static func observeRateForever() {
      let player = Player()
      let token = ObservationToken(observing: player, \.rate) { player, change in player.rate = change.newValue! }
      player.rate = 1
      _ = token
    }

    static let volumeLine = #line + 2
    static func observeVolume() {
      _ = ObservationToken(observing: Player(), \.volume) { _, _ in }
    }
  }
}
