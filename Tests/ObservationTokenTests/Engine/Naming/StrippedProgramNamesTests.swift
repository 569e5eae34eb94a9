import Testing

@testable import ObservationToken

/// What a stripped program names, whose symbol table names no property: each test runs in
/// a process of its own with the tables unread. A step after a `nil` keeps the runtime's
/// form until its property was found with an object there; and a computed array property
/// over a shorter one of its type is taken, at its subscript, for the property it reads.
@Suite("A stripped program names steps as it found them")
struct StrippedProgramNamesTests {
  @Test("A chain token whose middle object is nil names the properties up to it, and all of them once it is set")
  func chainTokenWithNilMiddleNamesWhatItReads() async {
    await #expect(processExitsWith: .success) {
      SymbolTable.isRead.store(false, ordering: .relaxed)
      let shelf = UnreadShelf()
      let token = shelf.observe(\.item?.caption) { _, _ in }
      let unnamed = #"ObservationToken(UnreadShelf \UnreadShelf.item?.<computed (String)>? [], valid)"#
      precondition(token.debugDescription == unnamed, token.debugDescription)
      shelf.item = UnreadItem()
      let named = #"ObservationToken(UnreadShelf \UnreadShelf.item?.caption? [], valid)"#
      precondition(token.debugDescription == named, token.debugDescription)
    }
  }

  @Test("A chain token whose middle object is nil names the steps after it as they were named with an object there")
  func chainTokenWithNilMiddleNamesFoundSteps() async {
    await #expect(processExitsWith: .success) {
      SymbolTable.isRead.store(false, ordering: .relaxed)
      let named = UnreadShelf()
      named.item = UnreadItem()
      let described = named.observe(\.item?.caption) { _, _ in }
      precondition(described.debugDescription.contains(#"\UnreadShelf.item?.caption?"#), described.debugDescription)
      let empty = UnreadShelf()
      let token = empty.observe(\.item?.caption) { _, _ in }
      let description = empty.observationDescription
      precondition(description.contains(#"ObservationToken for \UnreadShelf.item?.caption? []"#), description)
      withExtendedLifetime((described, token)) {}
    }
  }

  @Test("A chain token whose middle object is nil names a step after it that a direct token's description named")
  func chainTokenWithNilMiddleNamesStepsDirectTokensNamed() async {
    await #expect(processExitsWith: .success) {
      SymbolTable.isRead.store(false, ordering: .relaxed)
      let item = UnreadItem()
      let direct = item.observe(\.caption) { _, _ in }
      precondition(item.observationDescription.contains(#"ObservationToken for \UnreadItem.caption []"#))
      let empty = UnreadShelf()
      let token = empty.observe(\.item?.caption) { _, _ in }
      let description = empty.observationDescription
      precondition(description.contains(#"ObservationToken for \UnreadShelf.item?.caption? []"#), description)
      withExtendedLifetime((direct, token)) {}
    }
  }

  @Test("A computed array property over a shorter one of its type is stopped for an index the shorter one lacks")
  func computedArrayOverAShorterOneStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      SymbolTable.isRead.store(false, ordering: .relaxed)
      let shelf = PinnedShelf(pinned: [Document(title: "Pinned")], items: [Document(title: "A"), Document(title: "B")])
      _ = shelf.observe(\.all[2].title) { _, _ in }
    }
    #expect(standardError(of: result).contains("has 1 element: its valid indexes are 0..<1."))
  }
}

/// Holds an optional ``UnreadItem``; named in no other test.
private final class UnreadShelf: KeyValueObservable {
  @Observed var item: UnreadItem?
}

/// What ``UnreadShelf`` holds.
private final class UnreadItem: KeyValueObservable {
  @Observed var caption = "draft"
}
