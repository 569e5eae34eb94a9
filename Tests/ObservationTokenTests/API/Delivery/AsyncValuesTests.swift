import Dispatch
import ObservationToken
import Synchronization
import Testing

@Suite("Async sequences of values and changes")
struct AsyncValuesTests {
  @Test("values(of:) starts with the current value, then each new value")
  func valuesInOrder() async {
    let model = SharedProgress()
    let values = model.values(of: \.value, bufferingPolicy: .unbounded)
    model.set(1)
    model.set(2)
    var iterator = values.makeAsyncIterator()
    var seen: [Int] = []
    for _ in 0..<3 { seen.append(await iterator.next()!) }
    #expect(seen == [0, 1, 2])
  }

  @Test("A slow consumer of values(of:) gets the newest value by default")
  func newestValueByDefault() async {
    let model = SharedProgress()
    let values = model.values(of: \.value)
    for value in 1...50 { model.set(value) }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 50)
  }

  @Test("changes(of:) keeps every change, in order, by default")
  func everyChangeByDefault() async {
    let model = SharedProgress()
    let changes = model.changes(of: \.value)
    for value in 1...50 { model.set(value) }
    var iterator = changes.makeAsyncIterator()
    var pairs: [String] = []
    for _ in 0..<50 {
      let change = await iterator.next()!
      pairs.append("\(change.oldValue!)→\(change.newValue!)")
    }
    #expect(pairs == (1...50).map { "\($0 - 1)→\($0)" })
  }

  @Test("changes(of:) with a bounded policy keeps only what it was asked to")
  func boundedChanges() async {
    let model = SharedProgress()
    let changes = model.changes(of: \.value, bufferingPolicy: .bufferingOldest(2))
    for value in 1...10 { model.set(value) }
    var iterator = changes.makeAsyncIterator()
    #expect(await iterator.next()?.newValue == 1)
    #expect(await iterator.next()?.newValue == 2)
    model.set(11)
    #expect(await iterator.next()?.newValue == 11)
  }

  @Test("Collection changes give whole values in values(of:) and indexes in changes(of:)")
  func collectionValues() async {
    let model = SharedProgress()
    let values = model.values(of: \.items, bufferingPolicy: .unbounded)
    let changes = model.changes(of: \.items)
    model.setLock.withLock { model.$items.append(4) }
    var valueIterator = values.makeAsyncIterator()
    var changeIterator = changes.makeAsyncIterator()
    #expect(await valueIterator.next() == [])
    #expect(await valueIterator.next() == [4])
    let change = await changeIterator.next()
    #expect(change?.kind == .insertion)
    #expect(change?.indexes == RangeSet(0..<1))
  }

  @Test("Releasing the subject finishes the sequence")
  func subjectReleaseFinishes() async {
    var model: SharedProgress? = SharedProgress()
    let values = model!.values(of: \.value, bufferingPolicy: .unbounded)
    model = nil
    var seen: [Int] = []
    for await value in values { seen.append(value) }
    #expect(seen == [0])
  }

  @Test("Cancelling the consuming task ends the observation and releases what it held")
  func cancellationEndsObservation() async {
    let model = SharedProgress()
    let started = DispatchSemaphore(value: 0)
    let consumer = Task {
      let values = model.values(of: \.value, bufferingPolicy: .unbounded)
      var count = 0
      for await _ in values {
        count += 1
        if count == 1 { started.signal() }
      }
      return count
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        started.wait()
        continuation.resume()
      }
    }
    consumer.cancel()
    _ = await consumer.value
    // The observation is gone: the property has no live registration left.
    #expect(model.observationDescription == "SharedProgress observations:\n  (none)")
  }

  @Test("A sequence released without being consumed ends its observation")
  func droppedSequenceEndsObservation() {
    let model = SharedProgress()
    do {
      let values = model.values(of: \.value)
      _ = values
    }
    #expect(model.observationDescription == "SharedProgress observations:\n  (none)")
  }
}
