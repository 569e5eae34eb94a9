import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

extension KVOBridge {
  /// The KVO token's forms that match the engine's: changes as a sequence, and a binding
  /// through a transform.
  @Suite("KVO changes as a sequence, and bindings with a transform")
  struct ChangesAndTransformTests {
    @Test("ObservedValues(changesOf:) yields each change with its old and new values, .initial first when asked")
    func changes() async {
      let player = Player()
      var iterator = ObservedValues(changesOf: player, \.rate, options: [.initial]).makeAsyncIterator()
      player.rate = 1
      player.rate = 2
      var changes: [String] = []
      for _ in 0..<3 {
        let change = await iterator.next()
        changes.append("\(change?.oldValue.map { "\($0)" } ?? "none") → \(change?.newValue.map { "\($0)" } ?? "none")")
      }
      #expect(changes == ["none → 0.0", "0.0 → 1.0", "1.0 → 2.0"])
    }

    @Test("ObservedValues(changesOf:) ends when the subject is released")
    func changesEnd() async {
      var player: Player? = Player()
      var iterator = ObservedValues(changesOf: player!, \.rate).makeAsyncIterator()
      player?.rate = 1
      #expect(await iterator.next()?.newValue == 1)
      player = nil
      #expect(await iterator.next() == nil)
    }

    @Test(
      "A binding with a transform writes the transformed current value, then each change's, and holds its target weakly"
    )
    func bindingWithTransform() {
      final class Label {
        var text = ""
      }
      let player = Player()
      var label: Label? = Label()
      let token = ObservationToken(binding: player, \.rate, to: label!, \.text) { rate in
        rate == 0 ? "Paused" : "\(rate)×"
      }
      #expect(label?.text == "Paused")
      player.rate = 2
      #expect(label?.text == "2.0×")
      label = nil
      player.rate = 1
      #expect(!token.isValid)
    }
  }
}
