// Imports both modules and uses Observation's names unqualified: if the package exported
// anything named like them, this file would not compile (an ambiguous name).
import Observation
import ObservationToken
import Testing

/// A class made observable by Observation's own macro, beside one that uses ours.
@Observable
final class MacroCounter: @unchecked Sendable {
  var count = 0
}

/// Keeps its own `ObservationRegistrar`, as hand-written `Observable` code does.
final class HandWrittenCounter: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private var storedCount = 0
  var count: Int {
    get {
      registrar.access(self, keyPath: \.count)
      return storedCount
    }
    set {
      registrar.withMutation(of: self, keyPath: \.count) { storedCount = newValue }
    }
  }
}

@Suite("Swift Observation bridge: names")
struct ObservationNamesTests {
  @Test("Observation's names stay unambiguous beside the package; one scope sees all three kinds of model")
  func namesAndMixedScope() async {
    let macro = MacroCounter()
    let handWritten = HandWrittenCounter()
    let bridged = BridgedSettings()
    let fired = ChangeCount()
    withObservationTracking {
      _ = macro.count
      _ = handWritten.count
      _ = bridged.volume
    } onChange: {
      fired.increment()
    }
    bridged.volume = 1
    #expect(fired.value == 1)

    var sums = Observations { macro.count + handWritten.count + bridged.volume }.makeAsyncIterator()
    #expect(await sums.next() == 1)
    macro.count = 10
    #expect(await sums.next() == 11)
    bridged.volume = 2
    #expect(await sums.next() == 12)
  }
}
