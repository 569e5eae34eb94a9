import Testing

@testable import ObservationToken

@Suite("The subscriber list")
struct SubscriberListTests {
  @Test("Adding the first subscriber and removing the last are reported; the others are plain changes")
  func countTransitionsAreReported() {
    let list = SubscriberList<ListedProbe>()
    let first = ListedProbe()
    let second = ListedProbe()
    #expect(list.insert(first) == .transition(CountTransition(kind: .first, serial: 1)))
    #expect(list.insert(second) == .changed)
    #expect(list.remove(first) == .changed)
    #expect(list.remove(first) == .refused, "removing what is not there changes nothing")
    #expect(list.remove(second) == .transition(CountTransition(kind: .last, serial: 2)))
    #expect(
      list.insert(first) == .transition(CountTransition(kind: .first, serial: 3)),
      "a list that emptied starts over, numbering on"
    )
  }

  @Test("Subscribers are kept in sequence order, whatever order they arrive in")
  func entriesAreInSequenceOrder() {
    let list = SubscriberList<ListedProbe>()
    let early = ListedProbe()
    let late = ListedProbe()
    list.insert(late)
    list.insert(early.reissued(before: late))
    let entries = list.entries
    #expect(entries.map(\.sequence) == entries.map(\.sequence).sorted())
    #expect(entries.first === early)
  }

  @Test("A subscriber ordered before others lands in order, past the slots of those that left")
  func insertingPastEmptySlots() {
    let list = SubscriberList<ListedProbe>()
    let probes = (0..<4).map { _ in ListedProbe() }
    for probe in probes { list.insert(probe) }
    list.remove(probes[1])
    list.remove(probes[2])
    let early = ListedProbe().reissued(before: probes[0])
    list.insert(early)
    let entries = list.entries
    #expect(entries.map(ObjectIdentifier.init) == [early, probes[0], probes[3]].map(ObjectIdentifier.init))
    // Every entry still knows its place: each leaves, the others stay in order.
    list.remove(probes[0])
    #expect(list.entries.map(ObjectIdentifier.init) == [early, probes[3]].map(ObjectIdentifier.init))
    list.remove(early)
    #expect(list.entries.map(ObjectIdentifier.init) == [ObjectIdentifier(probes[3])])
  }

  @Test("A detached list refuses subscribers and reports itself detached")
  func detachedListRefuses() {
    let list = SubscriberList<ListedProbe>()
    let probe = ListedProbe()
    list.insert(probe)
    let detached = list.detach().map(ObjectIdentifier.init)
    #expect(detached == [ObjectIdentifier(probe)])
    let isAttached = list.isAttached
    #expect(!isAttached)
    #expect(list.insert(ListedProbe()) == .refused)
    let count = list.count.load(ordering: .relaxed)
    #expect(count == 0)
  }

  @Test("A reading sees the subscribers of its start, though the list changes under it")
  func readingSeesItsVersion() {
    let list = SubscriberList<ListedProbe>()
    let kept = ListedProbe()
    let removed = ListedProbe()
    list.insert(kept)
    list.insert(removed)
    guard let reading = list.beginReading() else {
      Issue.record("a list with subscribers gave no reading")
      return
    }
    list.remove(removed)
    let added = ListedProbe()
    list.insert(added)
    var seen: [ObjectIdentifier] = []
    reading.forEach { seen.append(ObjectIdentifier($0)) }
    list.endReading(reading)
    #expect(seen == [ObjectIdentifier(kept), ObjectIdentifier(removed)])
    let entries = list.entries.map(ObjectIdentifier.init)
    #expect(entries == [ObjectIdentifier(kept), ObjectIdentifier(added)])
  }

  @Test(
    "Removing in any order, with readings begun and ended between, keeps each reading's version and the others in order"
  )
  func removingInAnyOrderUnderReadings() {
    var random = ReliabilityRandom(seed: 29)
    for round in 0..<20 {
      let list = SubscriberList<ListedProbe>()
      var live = (0..<64).map { _ in ListedProbe() }
      for probe in live { list.insert(probe) }
      var readings: [(reading: SubscriberList<ListedProbe>.Reading, expected: [ObjectIdentifier])] = []
      while !live.isEmpty {
        if random.chance(10) {
          readings.append((list.beginReading()!, live.map(ObjectIdentifier.init)))
        }
        if !readings.isEmpty && random.chance(10) {
          let (reading, expected) = readings.remove(at: random.below(readings.count))
          var seen: [ObjectIdentifier] = []
          reading.forEach { seen.append(ObjectIdentifier($0)) }
          list.endReading(reading)
          #expect(seen == expected, "round \(round): a reading lost its version")
        }
        let index = round % 3 == 0 ? 0 : round % 3 == 1 ? live.count - 1 : random.below(live.count)
        let removed = live.remove(at: index)
        #expect(list.remove(removed) != .refused)
        #expect(list.remove(removed) == .refused)
        if random.chance(20) {
          let added = ListedProbe()
          live.append(added)
          list.insert(added)
        }
        #expect(list.entries.map(ObjectIdentifier.init) == live.map(ObjectIdentifier.init), "round \(round)")
        #expect(list.count.load(ordering: .relaxed) == live.count)
      }
      for (reading, expected) in readings {
        var seen: [ObjectIdentifier] = []
        reading.forEach { seen.append(ObjectIdentifier($0)) }
        list.endReading(reading)
        #expect(seen == expected, "round \(round): a reading lost its version")
      }
    }
  }

  @Test("A version set aside while read is freed with its last reader")
  func retiredVersionIsFreed() {
    let list = SubscriberList<ListedProbe>()
    weak var weakRemoved: ListedProbe?
    do {
      let removed = ListedProbe()
      weakRemoved = removed
      list.insert(removed)
      let reading = list.beginReading()!
      list.remove(removed)
      #expect(weakRemoved != nil, "the version under its reader was freed")
      list.endReading(reading)
    }
    #expect(weakRemoved == nil)
  }
}

/// A subscriber that only has an order.
final class ListedProbe: Subscription, ListedSubscription, @unchecked Sendable {
  private(set) var sequence = SubscriptionSequence.next()
  var listIndex = ListIndex.notListed

  /// This probe, ordered just before `other`.
  func reissued(before other: ListedProbe) -> ListedProbe {
    sequence = other.sequence - 1
    return self
  }
}
