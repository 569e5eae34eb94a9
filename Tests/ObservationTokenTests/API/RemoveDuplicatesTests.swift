import ObservationToken
import Testing

@Suite("observe(_:removingDuplicates:)")
struct RemoveDuplicatesTests {
  @Test(
    "Assigning an equal value is skipped only when removing duplicates",
    arguments: [true, false]
  )
  func equalAssignment(removingDuplicates: Bool) async {
    let document = Document(title: "Draft")
    await confirmation(expectedCount: removingDuplicates ? 0 : 1) { called in
      let token = document.observe(\.title, removingDuplicates: removingDuplicates) { _, _ in called() }
      document.title = "Draft"
      withExtendedLifetime(token) {}
    }
  }

  @Test("Assigning a distinct value is delivered with the old and new values")
  func distinctAssignment() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, removingDuplicates: true) { _, change in calls.append(TokenCall(change)) }
    document.title = "Draft"
    document.title = "Final"
    document.title = "Final"
    document.title = "Draft"
    #expect(calls == [TokenCall(old: "Draft", new: "Final"), TokenCall(old: "Final", new: "Draft")])
    withExtendedLifetime(token) {}
  }

  @Test("The .initial call is always delivered")
  func initialAlwaysDelivered() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, options: [.initial], removingDuplicates: true) { _, change in
      calls.append(TokenCall(change))
    }
    #expect(calls == [TokenCall(new: "Draft")])
    withExtendedLifetime(token) {}
  }

  @Test("With .prior no call is skipped: each .prior call is followed by its change, an equal assignment included")
  func priorCallsStayPaired() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, options: [.prior], removingDuplicates: true) { _, change in
      calls.append(TokenCall(change))
    }
    document.title = "Final"
    document.title = "Final"
    document.title = "Draft"
    #expect(
      calls == [
        TokenCall(old: "Draft", isPrior: true), TokenCall(old: "Draft", new: "Final"),
        TokenCall(old: "Final", isPrior: true), TokenCall(old: "Final", new: "Final"),
        TokenCall(old: "Final", isPrior: true), TokenCall(old: "Final", new: "Draft"),
      ]
    )
    withExtendedLifetime(token) {}
  }

  @Test("Collection changes are always delivered, even when they replace elements with equal ones")
  func collectionChangesAlwaysDelivered() throws {
    let document = Document(tags: ["a", "b"])
    var changes: [ObservedChange<[String]>] = []
    let token = document.observe(\.tags, removingDuplicates: true) { _, change in changes.append(change) }
    document.$tags[0] = "a"
    document.$tags.append("c")
    try #require(changes.count == 2)
    #expect(changes[0].kind == .replacement)
    #expect(changes[0].oldValue == ["a"])
    #expect(changes[0].newValue == ["a"])
    #expect(changes[1].kind == .insertion)
    withExtendedLifetime(token) {}
  }

  @Test("A derived value that a dependency change leaves equal is skipped")
  func derivedEqualValueSkipped() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.displayTitle, removingDuplicates: true) { _, change in
      calls.append(TokenCall(change))
    }
    document.isFavorite = false
    #expect(calls.isEmpty)
    document.isFavorite = true
    #expect(calls == [TokenCall(old: "Draft", new: "★ Draft")])
    withExtendedLifetime(token) {}
  }

  @Test("Re-targeting a chain to an object with an equal value is skipped; to a distinct one is delivered")
  func chainRetargetingToEqualValue() {
    let cell = DocumentCell(document: Document(title: "Draft"))
    var calls: [TokenCall] = []
    let token = cell.observe(\.document?.title, removingDuplicates: true) { _, change in
      calls.append(TokenCall(change))
    }
    cell.document = Document(title: "Draft")
    #expect(calls.isEmpty)
    cell.document = Document(title: "Final")
    #expect(calls == [TokenCall(old: "Draft", new: "Final")])
    cell.document = nil
    #expect(calls.last == TokenCall(old: "Final", new: nil))
    #expect(calls.count == 2)
    withExtendedLifetime(token) {}
  }
}
