import ObservationToken
import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

/// A main-actor target that logs, in a list it may share with others, each value written.
@MainActor
final class KVOLoggingLabel {
  let name: String
  let log: KVOWriteLog
  var text: String? {
    didSet { log.entries.append("\(name)=\(text ?? "nil")") }
  }

  init(_ name: String, log: KVOWriteLog = KVOWriteLog()) {
    self.name = name
    self.log = log
  }
}

@MainActor
final class KVOWriteLog {
  var entries: [String] = []
}

/// A main-actor cell that keeps every rate written to it.
@MainActor
final class KVORateCell {
  var rate = -1.0 {
    didSet { writes.append(rate) }
  }
  private(set) var writes: [Double] = []
}

extension KVOBridge {
  /// `delivery: .latest` on the bridge's main-actor bindings and value-only queue forms: the
  /// engine's ``ValueDelivery`` promises, over KVO.
  @Suite("KVO tokens deliver only the newest value when asked")
  @MainActor
  struct LatestDeliveryTests {
    @Test("Changes made while a write waits are written once, with the newest value")
    func newestValueWins() async {
      let player = Player()
      let cell = KVORateCell()
      let token = ObservationToken(binding: player, \.rate, to: cell, \.rate, on: MainActor.shared, delivery: .latest)
      // The main actor is held while the changes are made: they all wait for one turn.
      Self.onAnotherThread {
        for value in 1...200 { player.rate = Double(value) }
      }
      await Self.mainQueueDrained()
      #expect(cell.writes == [0, 200])
      withExtendedLifetime(token) {}
    }

    @Test("Each main-queue turn writes a binding at most once, with the newest value")
    func oneWritePerTurn() async {
      let player = Player()
      let cell = KVORateCell()
      let token = ObservationToken(binding: player, \.rate, to: cell, \.rate, on: MainActor.shared, delivery: .latest)
      for round in 1...5 {
        Self.onAnotherThread {
          for step in 1...20 { player.rate = Double(round * 100 + step) }
        }
        await Self.mainQueueDrained()
        #expect(cell.writes.count == 1 + round)
        #expect(cell.writes.last == Double(round * 100 + 20))
      }
      withExtendedLifetime(token) {}
    }

    @Test("Bindings changed together are written in the order each was first changed")
    func orderOfFirstChange() async {
      let log = KVOWriteLog()
      let players = ["a", "b", "c"].map { _ in Player() }
      let labels = ["a", "b", "c"].map { KVOLoggingLabel($0, log: log) }
      var bag = ObservationBag()
      for (player, label) in zip(players, labels) {
        ObservationToken(binding: player, \.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
          .store(in: &bag)
      }
      log.entries.removeAll()
      players[1].title = "b1"
      players[0].title = "a1"
      players[2].title = "c1"
      players[1].title = "b2"
      players[0].title = "a2"
      await Self.mainQueueDrained()
      #expect(log.entries == ["b=b2", "a=a2", "c=c1"])
      // The bindings hold their labels weakly: a release build would end the labels early.
      withExtendedLifetime((players, labels, bag)) {}
    }

    @Test("The last value always arrives, and no older value follows a newer one")
    func lastValueArrives() async {
      let player = Player()
      let cell = KVORateCell()
      let token = ObservationToken(binding: player, \.rate, to: cell, \.rate, on: MainActor.shared, delivery: .latest)
      let queue = DispatchQueue(label: "kvo-background")
      queue.async {
        for value in 1...5_000 { player.rate = Double(value) }
      }
      // Waits for the queue without holding the main actor, which writes as it goes.
      await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
      await Self.mainQueueDrained()
      let written = cell.writes.dropFirst()
      #expect(written.last == 5_000)
      #expect(zip(written, written.dropFirst()).allSatisfy { $0 < $1 })
      withExtendedLifetime(token) {}
    }

    @Test("No write starts after invalidate() returns, a waiting one included")
    func nothingAfterInvalidate() async {
      let player = Player()
      let label = KVOLoggingLabel("label")
      player.title = "Intro"
      let token = ObservationToken(binding: player, \.title, to: label, \.text, on: MainActor.shared, delivery: .latest)
      Self.onAnotherThread { player.title = "Waiting" }
      token.invalidate()
      player.title = "After"
      await Self.mainQueueDrained()
      #expect(label.log.entries == ["label=Intro"])
      #expect(!token.isValid)
    }

    @Test("With .everyChange (the default), a binding writes every value in change order")
    func everyChangeWritesEach() async {
      let player = Player()
      let cell = KVORateCell()
      let token = ObservationToken(binding: player, \.rate, to: cell, \.rate, on: MainActor.shared)
      Self.onAnotherThread {
        for value in 1...5 { player.rate = Double(value) }
      }
      await Self.mainQueueDrained()
      #expect(cell.writes == [0, 1, 2, 3, 4, 5])
      withExtendedLifetime(token) {}
    }

    @Test(
      "A value-only main-actor observation with initial: true is called before the token is made, then with the newest value"
    )
    func observeOnMainActorLatest() async {
      let player = Player()
      var received: [Double] = []
      let token = ObservationToken(observing: player, \.rate, initial: true, on: MainActor.shared, delivery: .latest) {
        MainActor.preconditionIsolated()
        received.append($0)
      }
      #expect(received == [0])
      Self.onAnotherThread {
        for value in 1...10 { player.rate = Double(value) }
      }
      await Self.mainQueueDrained()
      #expect(received == [0, 10])
      withExtendedLifetime(token) {}
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

  @Suite("KVO tokens deliver only the newest value on a queue when asked")
  struct LatestQueueDeliveryTests {
    @Test("Changes made while the queue is busy reach the handler once, with the newest value")
    func newestValueOnQueue() {
      let player = Player()
      let queue = DispatchQueue(label: "kvo-delivery")
      let received = Recorder<Double>()
      let token = ObservationToken(observing: player, \.rate, on: queue, delivery: .latest) { rate in
        dispatchPrecondition(condition: .onQueue(queue))
        received.append(rate)
      }
      queue.suspend()
      for value in 1...100 { player.rate = Double(value) }
      queue.resume()
      queue.sync {}
      #expect(received.all == [100])
      token.invalidate()
    }

    @Test("With .everyChange, each value is delivered in change order, .initial first")
    func everyChangeOnQueue() {
      let player = Player()
      let queue = DispatchQueue(label: "kvo-delivery")
      let received = Recorder<Double>()
      let token = ObservationToken(observing: player, \.rate, initial: true, on: queue, delivery: .everyChange) {
        received.append($0)
      }
      queue.suspend()
      for value in 1...3 { player.rate = Double(value) }
      queue.resume()
      queue.sync {}
      #expect(received.all == [0, 1, 2, 3])
      token.invalidate()
    }

    @Test("invalidate() drops the waiting call: it never runs")
    func invalidateDropsWaitingCall() {
      let player = Player()
      let queue = DispatchQueue(label: "kvo-delivery")
      let received = Recorder<Double>()
      let token = ObservationToken(observing: player, \.rate, on: queue, delivery: .latest) { received.append($0) }
      queue.suspend()
      player.rate = 1
      token.invalidate()
      player.rate = 2
      queue.resume()
      queue.sync {}
      #expect(received.all.isEmpty)
    }

    @Test("Releasing the subject ends the token; its waiting call never runs")
    func subjectReleaseEnds() {
      let queue = DispatchQueue(label: "kvo-delivery")
      let received = Recorder<Double>()
      let token: ObservationToken
      queue.suspend()
      do {
        let player = Player()
        token = ObservationToken(observing: player, \.rate, on: queue, delivery: .latest) { received.append($0) }
        player.rate = 1
      }
      #expect(!token.isValid)
      queue.resume()
      queue.sync {}
      #expect(received.all.isEmpty)
    }
  }
}

extension KVOBridge {
  @Suite("KVO latest-value delivery under load")
  @MainActor
  struct LatestDeliveryStressTests {
    @Test(
      "Four threads changing twenty bound players: each live cell ends on its player's last rate; an invalidated one is never written again"
    )
    func backgroundChangesWithInvalidation() async {
      let playerCount = 20
      let changesPerPlayer = 300
      let players = (0..<playerCount).map { _ in Player() }
      let cells = (0..<playerCount).map { _ in KVORateCell() }
      let tokens = zip(players, cells).map { player, cell in
        ObservationToken(binding: player, \.rate, to: cell, \.rate, on: MainActor.shared, delivery: .latest)
      }
      let done = DispatchGroup()
      for thread in 0..<4 {
        DispatchQueue.global().async(group: done) {
          for value in 1...changesPerPlayer {
            for index in stride(from: thread, to: playerCount, by: 4) { players[index].rate = Double(value) }
          }
        }
      }
      // Ends every other binding while the threads run, from the main actor.
      await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
      var writesAtEnd: [Int: Int] = [:]
      for index in stride(from: 1, to: playerCount, by: 2) {
        tokens[index].invalidate()
        writesAtEnd[index] = cells[index].writes.count
      }
      await withCheckedContinuation { continuation in done.notify(queue: .main) { continuation.resume() } }
      await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
      for index in 0..<playerCount {
        if let writes = writesAtEnd[index] {
          #expect(cells[index].writes.count == writes, "cell \(index) was written after invalidate()")
        } else {
          #expect(cells[index].rate == Double(changesPerPlayer), "cell \(index) missed its last rate")
          let written = cells[index].writes.dropFirst()
          #expect(zip(written, written.dropFirst()).allSatisfy { $0 < $1 }, "cell \(index) went back")
        }
      }
      withExtendedLifetime((tokens, players)) {}
    }
  }
}
