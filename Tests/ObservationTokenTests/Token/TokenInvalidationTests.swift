import ObservationToken
import Testing

@Suite("Token invalidation")
struct TokenInvalidationTests {
  @Test("invalidate() stops delivery")
  func invalidateStopsDelivery() {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    document.title = "Draft"
    #expect(calls == 1)
    token.invalidate()
    document.title = "Final"
    #expect(calls == 1)
  }

  @Test("invalidate() is idempotent and isValid reflects the state", arguments: [1, 2, 5])
  func invalidateIsIdempotent(times: Int) {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    #expect(token.isValid)
    for _ in 0..<times {
      token.invalidate()
      #expect(!token.isValid)
    }
    document.title = "Draft"
    #expect(calls == 0)
    #expect(!token.isValid)
  }

  @Test("invalidate() from another thread stops delivery")
  func invalidateFromAnotherThread() async {
    let document = Document()
    var calls = 0
    let token = document.observe(\.title) { _, _ in calls += 1 }
    await Task.detached { token.invalidate() }.value
    #expect(!token.isValid)
    document.title = "Draft"
    #expect(calls == 0)
  }

  @Test("Invalidating one token leaves the subject's other tokens working")
  func invalidatingOneLeavesOthers() {
    let document = Document()
    var firstCalls = 0
    var secondCalls = 0
    let first = document.observe(\.title) { _, _ in firstCalls += 1 }
    let second = document.observe(\.title) { _, _ in secondCalls += 1 }
    first.invalidate()
    document.title = "Draft"
    #expect(firstCalls == 0)
    #expect(secondCalls == 1)
    #expect(second.isValid)
  }

  @Test(
    "A handler ends its own observation through the token it receives: no deadlock, no further calls",
    arguments: TokenKeyPathShape.allCases
  )
  func handlerInvalidatesReceivedToken(shape: TokenKeyPathShape) {
    let document = Document()
    var calls: [TokenCall] = []
    let observation = shape.observe(document) { call, token in
      calls.append(call)
      token.invalidate()
      #expect(!token.isValid)
    }
    document.title = "Draft"
    document.title = "Final"
    #expect(calls == [TokenCall(old: "Untitled", new: "Draft")])
    #expect(!observation.token.isValid)
    withExtendedLifetime(observation.subject) {}
  }

  @Test("A handler ends its own observation through a token kept in an outer variable")
  func handlerInvalidatesOuterToken() {
    let document = Document()
    var calls = 0
    var token: ObservationToken?
    token = document.observe(\.title) { _, _ in
      calls += 1
      token?.invalidate()
    }
    document.title = "Draft"
    document.title = "Final"
    #expect(calls == 1)
    #expect(token?.isValid == false)
  }

  @Test(
    "Invalidating inside the .initial call ends the observation before observe returns",
    arguments: TokenKeyPathShape.allCases
  )
  func invalidateInsideInitial(shape: TokenKeyPathShape) {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let observation = shape.observe(document, options: [.initial]) { call, token in
      calls.append(call)
      token.invalidate()
    }
    #expect(calls == [TokenCall(new: "Draft")])
    #expect(!observation.token.isValid)
    document.title = "Final"
    document.isFavorite = true
    #expect(calls.count == 1)
    withExtendedLifetime(observation.subject) {}
  }

  @Test(
    "After invalidate() inside the .initial call, a change made later in that same call doesn't call the handler",
    arguments: TokenKeyPathShape.allCases
  )
  func changeAfterInvalidateInsideInitial(shape: TokenKeyPathShape) {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let observation = shape.observe(document, options: [.initial]) { call, token in
      calls.append(call)
      token.invalidate()
      // Still inside the .initial call, after invalidate() has returned.
      if calls.count == 1 { document.title = "Changed by the handler" }
    }
    #expect(calls == [TokenCall(new: "Draft")])
    #expect(!observation.token.isValid)
    withExtendedLifetime(observation.subject) {}
  }

  @Test("A handler can release the last reference to its own token", arguments: [false, true])
  func handlerReleasesItsOwnToken(receivesToken: Bool) {
    let document = Document()
    var calls = 0
    weak var weakToken: ObservationToken?
    do {
      var token: ObservationToken?
      if receivesToken {
        token = document.observe(\.title) { _, _, _ in
          calls += 1
          token = nil
        }
      } else {
        token = document.observe(\.title) { _, _ in
          calls += 1
          token = nil
        }
      }
      weakToken = token
    }
    #expect(weakToken != nil)
    document.title = "Draft"
    #expect(weakToken == nil)
    document.title = "Final"
    #expect(calls == 1)
  }

  @Test("Invalidating inside the .prior call prevents the call after the change")
  func invalidateInsidePrior() {
    let document = Document(title: "Draft")
    var calls: [TokenCall] = []
    let token = document.observe(\.title, options: [.prior]) { _, change, token in
      calls.append(TokenCall(change))
      token.invalidate()
    }
    document.title = "Final"
    #expect(calls == [TokenCall(old: "Draft", isPrior: true)])
    #expect(!token.isValid)
  }

  @Test("A token invalidated by an earlier handler of the same change is not called for it")
  func invalidatedByEarlierHandlerDuringSameChange() {
    let document = Document()
    var laterCalls = 0
    var later: ObservationToken?
    let earlier = document.observe(\.title) { _, _ in later?.invalidate() }
    later = document.observe(\.title) { _, _ in laterCalls += 1 }
    document.title = "Draft"
    #expect(laterCalls == 0)
    #expect(later?.isValid == false)
    #expect(earlier.isValid)
  }

  @Test("A token released by an earlier handler of the same change is not called for it")
  func releasedByEarlierHandlerDuringSameChange() {
    let document = Document()
    var laterCalls = 0
    var later: ObservationToken?
    let earlier = document.observe(\.title) { _, _ in later = nil }
    later = document.observe(\.title) { _, _ in laterCalls += 1 }
    document.title = "Draft"
    #expect(later == nil)
    #expect(laterCalls == 0)
    withExtendedLifetime(earlier) {}
  }

  @Test("A handler can invalidate another token of the same subject without deadlock")
  func handlerInvalidatesSiblingToken() {
    let document = Document()
    var siblingCalls = 0
    let sibling = document.observe(\.isFavorite) { _, _ in siblingCalls += 1 }
    let token = document.observe(\.title) { _, _ in sibling.invalidate() }
    document.title = "Draft"
    document.isFavorite = true
    #expect(siblingCalls == 0)
    #expect(!sibling.isValid)
    #expect(token.isValid)
  }
}
