import Observation
import Testing

@testable import ObservationToken

/// Something for a scope's `onChange` to capture: a weak reference tells who keeps it.
private final class ScopeProbe: Sendable {}

@Suite("Swift Observation bridge: lifetimes and threads")
struct ObservationBridgeLifetimeTests {
  @Test("Releasing the model releases it and what its registrars keep, fired or not")
  func modelReleaseFreesRegistrars() {
    weak var weakSettings: BridgedSettings?
    weak var weakProbe: ScopeProbe?
    do {
      let settings = BridgedSettings()
      let probe = ScopeProbe()
      weakSettings = settings
      weakProbe = probe
      withObservationTracking {
        _ = settings.volume; _ = settings.tags
      } onChange: { [probe] in
        _ = probe
      }
      let token = settings.observe(\.volume) { _, _ in }
      settings.theme = "dark"  // not read: the scope stays armed
      token.invalidate()
    }
    #expect(weakSettings == nil, "the registrars do not keep the model")
    #expect(weakProbe == nil, "the armed scope's onChange went with the model's registrars")
  }

  @Test("The object's registrar leaves the table of registrars with the object")
  func registrarLeavesTable() {
    var id: ObjectIdentifier?
    do {
      let settings = BridgedSettings()
      id = ObjectIdentifier(settings)
      _ = settings.volume  // the first read makes the registrar
      _ = settings.theme  // a second property shares it
    }
    #expect(!ObjectRegistrar.hasStaleEntry(for: id!))
  }

  @Test("A scope that fired is released while the model lives on")
  func firedScopeIsReleased() {
    let settings = BridgedSettings()
    weak var weakProbe: ScopeProbe?
    do {
      let probe = ScopeProbe()
      weakProbe = probe
      withObservationTracking {
        _ = settings.volume
      } onChange: { [probe] in
        _ = probe
      }
    }
    #expect(weakProbe != nil, "armed: the registrar keeps the onChange")
    settings.volume = 1
    #expect(weakProbe == nil)
  }

  @Test("A chain's intermediate object, once replaced, is released though a scope read through it")
  func replacedIntermediateIsReleased() {
    let cell = BridgedCell()
    weak var weakDocument: BridgedDocument?
    do {
      let document = BridgedDocument(title: "A")
      weakDocument = document
      cell.document = document
      withObservationTracking {
        _ = cell.document?.title
      } onChange: {
      }
      cell.document = nil
    }
    #expect(weakDocument == nil)
  }

  @Test("Concurrent sets, tracking scopes and tokens on shared models: no scope misses its change")
  func concurrentScopesAndSets() async {
    let models = (0..<4).map { _ in BridgedSettings() }
    let threads = 4
    let iterations = 500
    // The values are ordinary storage: as with any `var`, the test serializes its own
    // reads and writes of them. What the package owns — the lists and registrars made
    // on first read, the tokens — is not serialized here.
    let values = LockedValue(0)
    let firings = LockedValue([Int](repeating: 0, count: threads * iterations))
    let finished = await runOnThreads(threads) { thread in
      for iteration in 0..<iterations {
        let model = models[(thread + iteration) % models.count]
        let scope = thread * iterations + iteration
        withObservationTracking {
          values.withLock { _ in
            _ = model.volume; _ = model.tags
          }
        } onChange: {
          firings.withLock { $0[scope] += 1 }
        }
        let token = model.observe(\.theme) { _, _ in }
        values.withLock { _ in
          if iteration.isMultiple(of: 2) { model.volume = iteration } else { model.$tags.append("\(thread)") }
        }
        token.invalidate()
      }
    }
    #expect(finished)
    // A scope still armed fires on one more change of its model. Observation itself may
    // call `onChange` twice when a change races the scope's installation (the `@Observable`
    // macro does too), so the test asks for at least once.
    for model in models { model.volume = -1 }
    let missed = firings.withLock { counts in counts.indices.filter { counts[$0] == 0 } }
    #expect(missed.isEmpty)
  }
}
