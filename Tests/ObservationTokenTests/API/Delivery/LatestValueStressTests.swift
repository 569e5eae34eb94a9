import Dispatch
import Foundation
import ObservationToken
import Testing

/// A main-actor cell that counts the writes it receives.
@MainActor
final class CountingCell {
  var value = 0 {
    didSet { writes += 1 }
  }
  private(set) var writes = 0
}

@Suite("Latest-value delivery under load")
@MainActor
struct LatestValueStressTests {
  @Test(
    "Four threads changing fifty bound models: each live cell ends on its model's last value; an invalidated one is never written again"
  )
  func backgroundChangesWithInvalidation() async {
    let modelCount = 50
    let changesPerModel = 500
    let models = (0..<modelCount).map { _ in SharedProgress() }
    let cells = (0..<modelCount).map { _ in CountingCell() }
    let tokens = zip(models, cells).map { model, cell in
      model.bind(\.value, to: cell, \.value, on: MainActor.shared, delivery: .latest)
    }
    let done = DispatchGroup()
    for thread in 0..<4 {
      done.enter()
      _ = startThread {
        for value in 1...changesPerModel {
          for index in stride(from: thread, to: modelCount, by: 4) { models[index].set(value) }
        }
        done.leave()
      }
    }
    // Ends every other binding while the threads run, from the main actor.
    await waitForMainQueue()
    var writesAtEnd: [Int: Int] = [:]
    for index in stride(from: 1, to: modelCount, by: 2) {
      tokens[index].invalidate()
      writesAtEnd[index] = cells[index].writes
    }
    await withCheckedContinuation { continuation in
      done.notify(queue: .main) { continuation.resume() }
    }
    await waitForMainQueue()
    for index in 0..<modelCount {
      if let writes = writesAtEnd[index] {
        #expect(cells[index].writes == writes, "cell \(index) was written after invalidate()")
      } else {
        #expect(cells[index].value == changesPerModel, "cell \(index) missed its last value")
        #expect(cells[index].writes <= changesPerModel + 1)
      }
    }
    // The models too: a subject released with a value still waiting drops it (its
    // observation has ended), and the threads' closures may hold the last references.
    withExtendedLifetime((tokens, models)) {}
  }

  /// Lets the main queue run what was queued on it before this call.
  private func waitForMainQueue() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
