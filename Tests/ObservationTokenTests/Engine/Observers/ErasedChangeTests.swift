@testable import ObservationToken
import Testing

@Suite("Changes on their way to handlers")
struct ErasedChangeTests {
  @Test("A change read back with its own type gives its values; an assignment keeps kind and prior flag")
  func readBackWithItsType() {
    let change = ObservedChange(setting: "Draft", to: "Final")
    let read = ErasedChange.with(change) { erased in erased.read(as: String.self) { ($0.oldValue, $0.newValue, $0.kind) } }
    #expect(read.0 == "Draft")
    #expect(read.1 == "Final")
    #expect(read.2 == .setting)
    let insertion = ObservedChange(kind: .insertion, oldValue: nil, newValue: ["a"], indexRanges: [0..<1])
    let indexes = ErasedChange.with(insertion) { $0.read(as: [String].self) { $0.indexes } }
    #expect(indexes == RangeSet(0..<1))
  }

  #if DEBUG
  @Test("Debug builds stop when a change is read as the wrong type")
  func wrongTypeStops() async {
    await #expect(processExitsWith: .failure) {
      ErasedChange.with(ObservedChange(setting: 1, to: 2)) { erased in
        erased.read(as: String.self) { _ in }
      }
    }
  }
  #endif
}
