import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

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

    @Test(
      "A main-actor binding writes the current value at once, then each change made on another thread, on the main actor"
    )
    @MainActor
    func bindingOnMainActor() async {
      @MainActor final class Label {
        var text: String? {
          didSet { MainActor.preconditionIsolated() }
        }
      }
      let player = Player()
      player.title = "Intro"
      var label: Label? = Label()
      let token = ObservationToken(binding: player, \.title, to: label!, \.text, on: MainActor.shared)
      #expect(label?.text == "Intro")
      await Task.detached { player.title = "Chapter 1" }.value
      await Self.mainQueueDrained()
      #expect(label?.text == "Chapter 1")
      label = nil
      player.title = "Chapter 2"
      #expect(!token.isValid)
    }

    @Test("A main-actor binding to a property of the same type; a change queued before invalidate() is not written")
    @MainActor
    func bindingOnMainActorInvalidated() async {
      @MainActor final class Slider {
        var value = -1.0
      }
      let player = Player()
      let slider = Slider()
      let token = ObservationToken(binding: player, \.rate, to: slider, \.value, on: MainActor.shared)
      #expect(slider.value == 0)
      // The main actor is held while the change is made, so its write is still queued.
      Self.onAnotherThread { player.rate = 2 }
      token.invalidate()
      await Self.mainQueueDrained()
      #expect(slider.value == 0)
    }

    @Test("removingDuplicates: true skips an assignment of an equal value; .initial and new values still come")
    func removingDuplicates() {
      let player = Player()
      let seen = Recorder<Double?>()
      let token = ObservationToken(observing: player, \.rate, options: [.initial], removingDuplicates: true) {
        _, change in
        seen.append(change.newValue)
      }
      player.rate = 0
      player.rate = 1
      player.rate = 1
      player.rate = 2
      #expect(seen.all == [0, 1, 2])
      _ = token
    }

    @Test("removingDuplicates: true with .prior leaves no .prior call unpaired: each is followed by its change")
    func removingDuplicatesWithPrior() {
      let player = Player()
      let seen = Recorder<String>()
      let token = ObservationToken(observing: player, \.rate, options: [.prior], removingDuplicates: true) {
        _, change in
        seen.append(change.isPrior ? "will" : "did")
      }
      player.rate = 1
      player.rate = 1
      player.rate = 2
      #expect(seen.all == ["will", "did", "will", "did", "will", "did"])
      _ = token
    }

    @Test("removingDuplicates: false reports every assignment, as KVO does")
    func keepingDuplicates() {
      let player = Player()
      let seen = Recorder<Double?>()
      let token = ObservationToken(observing: player, \.rate, removingDuplicates: false) { _, change in
        seen.append(change.newValue)
      }
      player.rate = 1
      player.rate = 1
      #expect(seen.all == [1, 1])
      _ = token
    }

    @Test(
      "ObservedValues(observing:) yields the current value, then the value after each change; an optional's nil included"
    )
    func values() async {
      let player = Player()
      player.title = "Intro"
      var iterator = ObservedValues(observing: player, \.title, bufferingPolicy: .unbounded).makeAsyncIterator()
      player.title = nil
      player.title = "Chapter 1"
      var titles: [String?] = []
      for _ in 0..<3 { titles.append(await iterator.next() ?? "ended") }
      #expect(titles == ["Intro", nil, "Chapter 1"])
    }

    @Test("ObservedValues(observing:) ends when the subject is released")
    func valuesEnd() async {
      var player: Player? = Player()
      let values = ObservedValues(observing: player!, \.rate)
      var iterator = values.makeAsyncIterator()
      #expect(await iterator.next() == 0)
      player = nil
      #expect(await iterator.next() == nil)
    }

    /// Runs `body` on another thread and waits for it, holding the caller's thread.
    private static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        body()
        done.signal()
      }
      done.wait()
    }

    /// Returns once the main queue has run what was queued on it before.
    private static func mainQueueDrained() async {
      await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
  }
}
