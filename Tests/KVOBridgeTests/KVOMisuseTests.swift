#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif
import ObservationToken
import Testing

extension KVOBridge {
  @Suite("KVO misuse stops with its message, in every build")
  struct MisuseTests {
    @Test("Observing a property KVO cannot observe (not @objc dynamic) stops at the caller's line, naming the type and the key path")
    func notObservableStops() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Self.observeVolume()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("\(#fileID):\(Self.volumeLine): Fatal error: ObservationToken: \\Player."))
      #expect(message.contains("on Player is not a key path KVO can observe, so it could never report a change."))
      #expect(message.contains("Mark every property on the path @objc dynamic."))
    }

    static let volumeLine = #line + 2
    static func observeVolume() {
      _ = ObservationToken(observing: Player(), \.volume) { _, _ in }
    }
  }
}
