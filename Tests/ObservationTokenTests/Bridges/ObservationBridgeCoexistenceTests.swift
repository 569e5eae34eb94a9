import Foundation
import Observation
import ObservationToken
import Testing

/// A cell a binding writes to, for the tests below.
private final class VolumeLabel {
  var text = ""
  var log: LockedValue<[String]>?
  init(log: LockedValue<[String]>) { self.log = log }
}

@Suite("Swift Observation bridge: beside tokens, bindings, raw observers and Observations")
struct ObservationBridgeCoexistenceTests {
  @Test("Tokens, bindings and raw observers keep their order and timing beside a tracking scope")
  func sameOrderBesideScope() {
    let settings = BridgedSettings()
    let log = LockedValue<[String]>([])
    let token = settings.observe(\.volume, options: [.prior, .new]) { settings, change in
      log.withLock { $0.append(change.isPrior ? "prior, stored \(settings.volume)" : "token \(change.newValue!)") }
    }
    let label = VolumeLabel(log: log)
    let binding = settings.bind(\.volume, to: label, \.text) { "\($0)" }
    let recorder = ChangeRecorder()
    settings.addObserver(recorder, forKeyPath: \BridgedSettings.volume, options: [.new], context: nil)
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      log.withLock { $0.append("scope, stored \(settings.volume)") }
    }

    settings.volume = 9

    #expect(log.withLock { $0 } == ["scope, stored 5", "prior, stored 5", "token 9"])
    #expect(label.text == "9")
    #expect(recorder.changes.map { $0.new(as: Int.self) } == [9])
    // One registration each for the token, the binding and the raw observer: the bridge
    // registers nothing in the property's list, and nothing was registered twice.
    let registrations = settings.observationDescription.split(separator: "\n").dropFirst()
    #expect(registrations.count == 3)
    #expect(registrations.allSatisfy { $0.hasPrefix("  volume:") })
    try? settings.removeObserver(recorder, forKeyPath: \BridgedSettings.volume, context: nil)
    binding.invalidate()
    token.invalidate()
  }

  @Test("An Observations sequence yields the current value, then each change")
  func observationsSequence() async {
    let settings = BridgedSettings()
    var volumes = Observations { settings.volume }.makeAsyncIterator()
    #expect(await volumes.next() == 5)
    settings.volume = 6
    #expect(await volumes.next() == 6)
    settings.$tags.append("unrelated")  // not read by the sequence's closure
    settings.volume = 7
    #expect(await volumes.next() == 7)
  }

  @Test("One model drives a token and an Observations sequence at once")
  func tokenAndSequence() async {
    let settings = BridgedSettings()
    let seenByToken = LockedValue<[String]>([])
    let token = settings.observe(\.theme) { _, change in seenByToken.withLock { $0.append(change.newValue!) } }
    var summaries = Observations { settings.summary }.makeAsyncIterator()
    #expect(await summaries.next() == "light 5")
    settings.theme = "dark"
    #expect(await summaries.next() == "dark 5")
    #expect(seenByToken.withLock { $0 } == ["dark"])
    token.invalidate()
  }
}
