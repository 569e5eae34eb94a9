import ObservationToken
import Testing

@Suite("Token lifetime")
struct TokenLifetimeTests {
  @Test("Setting the token to nil stops delivery")
  func releasingTokenStopsDelivery() {
    let document = Document()
    var calls = 0
    var token: ObservationToken? = document.observe(\.title) { _, _ in calls += 1 }
    document.title = "Draft"
    #expect(calls == 1)
    #expect(token != nil)
    token = nil
    document.title = "Final"
    #expect(calls == 1)
  }

  @Test("A token released at the end of its scope stops delivery")
  func tokenReleasedAtEndOfScopeStopsDelivery() {
    let document = Document()
    var calls = 0
    weak var weakToken: ObservationToken?
    do {
      let token = document.observe(\.title) { _, _ in calls += 1 }
      weakToken = token
      document.title = "Draft"
      #expect(calls == 1)
    }
    #expect(weakToken == nil)
    document.title = "Final"
    #expect(calls == 1)
  }

  @Test("Discarding the returned token ends the observation at once")
  func discardedTokenEndsObservation() {
    let document = Document()
    var calls = 0
    _ = document.observe(\.title) { _, _ in calls += 1 }
    document.title = "Draft"
    #expect(calls == 0)
  }

  @Test("Releasing a token frees what its handler captured")
  func releasingTokenFreesCaptures() {
    let document = Document()
    weak var weakProbe: TokenProbe?
    do {
      let probe = TokenProbe()
      weakProbe = probe
      let token = document.observe(\.title) { _, _ in _ = probe }
      #expect(weakProbe != nil)
      _ = token
    }
    #expect(weakProbe == nil)
  }

  @Test(
    "Subject released first: the token becomes invalid, its handler never fires, nothing crashes",
    arguments: TokenKeyPathShape.allCases
  )
  func subjectReleasedFirst(shape: TokenKeyPathShape) {
    // Chains read this document, which outlives their subject.
    let survivor = Document(title: "Survivor")
    var calls = 0
    let token: ObservationToken
    let weakSubject: TokenWeakBox
    do {
      let document = shape.subjectIsDocument ? Document() : survivor
      let observation = shape.observe(document) { _, _ in calls += 1 }
      token = observation.token
      weakSubject = TokenWeakBox(observation.subject)
      #expect(token.isValid)
    }
    #expect(weakSubject.object == nil)
    #expect(!token.isValid)
    survivor.title = "Changed"
    survivor.isFavorite = true
    #expect(calls == 0)
    token.invalidate()
    #expect(!token.isValid)
    #expect(calls == 0)
  }

  @Test(
    "Subject released first: the live token keeps nothing its handler captured alive",
    arguments: TokenKeyPathShape.allCases
  )
  func subjectReleasedFirstFreesCaptures(shape: TokenKeyPathShape) {
    let survivor = Document(title: "Survivor")
    weak var weakProbe: TokenProbe?
    let token: ObservationToken
    do {
      let probe = TokenProbe()
      weakProbe = probe
      let document = shape.subjectIsDocument ? Document() : survivor
      token = shape.observe(document) { _, _ in _ = probe }.token
    }
    #expect(!token.isValid)
    if shape == .chainThroughConstant {
      // Nothing on the path belongs to the subject, so no observer list tells of its
      // release: it is noticed at the next change of what the key path reads (documented).
      #expect(weakProbe != nil)
      survivor.title = "Wakes the registration"
    }
    #expect(weakProbe == nil, "the token still keeps its handler's captures alive after its subject was released")
    withExtendedLifetime(token) {}
  }

  @Test("The token holds its subject weakly")
  func tokenHoldsSubjectWeakly() {
    weak var weakDocument: Document?
    let token: ObservationToken
    do {
      let document = Document()
      weakDocument = document
      token = document.observe(\.title) { _, _ in }
    }
    #expect(weakDocument == nil)
    withExtendedLifetime(token) {}
  }

  @Test("A handler that captures its own token is freed after invalidate()")
  func selfCapturingTokenFreedAfterInvalidate() {
    let document = Document()
    weak var weakToken: ObservationToken?
    weak var weakProbe: TokenProbe?
    do {
      let probe = TokenProbe()
      weakProbe = probe
      var token: ObservationToken?
      // The handler captures the variable holding its token: a cycle until invalidation.
      token = document.observe(\.title) { _, _ in
        _ = token
        _ = probe
      }
      weakToken = token
      token?.invalidate()
    }
    #expect(weakToken == nil)
    #expect(weakProbe == nil)
  }

  @Test("A handler that receives its token doesn't keep it alive")
  func threeArgumentHandlerDoesNotRetainToken() {
    let document = Document()
    weak var weakToken: ObservationToken?
    var calls = 0
    do {
      let token = document.observe(\.title) { _, _, token in
        calls += 1
        #expect(token.isValid)
      }
      weakToken = token
      document.title = "Draft"
    }
    #expect(weakToken == nil)
    document.title = "Final"
    #expect(calls == 1)
  }
}
