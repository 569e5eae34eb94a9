#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif
import ObservationToken
import Testing

extension KVOBridge {
  /// A KVO token is decorated as the engine's are: delivery on a queue or the main actor,
  /// and bindings, are the same code.
  @Suite("KVO tokens deliver on a queue, on the main actor, and bind")
  struct DeliveryTests {
    @Test("Changes arrive on the queue in change order; one queued before invalidate() is dropped")
    func queue() async {
      let player = Player()
      let queue = DispatchQueue(label: "kvo-delivery")
      let seen = Recorder<Double?>()
      let token = ObservationToken(observing: player, \.rate, options: [.initial], on: queue) { change in
        dispatchPrecondition(condition: .onQueue(queue))
        seen.append(change.newValue)
      }
      player.rate = 1
      player.rate = 2
      queue.sync {}
      #expect(seen.all == [0, 1, 2])
      queue.suspend()
      player.rate = 3
      token.invalidate()
      queue.resume()
      queue.sync {}
      #expect(seen.all == [0, 1, 2])
    }

    @Test("On the main actor the .initial call runs before the token is made; later changes follow in order")
    @MainActor
    func mainActor() async {
      let player = Player()
      var rates: [Double?] = []
      let token = ObservationToken(observing: player, \.rate, options: [.initial], on: MainActor.shared) { change in
        MainActor.preconditionIsolated()
        rates.append(change.newValue)
      }
      #expect(rates == [0])
      await Task.detached { player.rate = 1 }.value
      await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
      #expect(rates == [0, 1])
      token.invalidate()
    }

    @Test("A binding applies the current value, then every change; it ends when the target is released")
    func binding() {
      final class Label {
        var text: String?
      }
      let player = Player()
      player.title = "Intro"
      var label: Label? = Label()
      let token = ObservationToken(binding: player, \.title, to: label!, \.text)
      #expect(label?.text == "Intro")
      player.title = "Chapter 1"
      #expect(label?.text == "Chapter 1")
      label = nil
      player.title = "Chapter 2"
      #expect(!token.isValid)
    }

    @Test("A binding to a property of the same type follows a number")
    func bindingSameType() {
      final class Model {
        var playbackRate = -1.0
      }
      let player = Player()
      let model = Model()
      let token = ObservationToken(binding: player, \.rate, to: model, \.playbackRate)
      #expect(model.playbackRate == 0)
      player.rate = 2
      #expect(model.playbackRate == 2)
      _ = token
    }
  }
}
