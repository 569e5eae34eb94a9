import Testing

@testable import ObservationToken

@Suite("Values on their way to handlers")
struct ErasedValueTests {
  @Test("A change read back with its own type gives its values; an assignment keeps kind and prior flag")
  func readBackWithItsType() {
    let change = ObservedChange(setting: "Draft", to: "Final")
    let read = ErasedValue.with(change) { erased in
      erased.readChange(of: String.self) { ($0.oldValue, $0.newValue, $0.kind) }
    }
    #expect(read.0 == "Draft")
    #expect(read.1 == "Final")
    #expect(read.2 == KeyValueChange.Kind.setting)
    let insertion = ObservedChange(kind: .insertion, oldValue: nil, newValue: ["a"], indexRanges: [0..<1])
    let indexes = ErasedValue.with(insertion) { $0.readChange(of: [String].self) { $0.indexes } }
    #expect(indexes == RangeSet(0..<1))
  }

  @Test("A value read back with its own type is the value set aside")
  func plainValueReadBack() {
    let read = ErasedValue.with([1, 2, 3]) { $0.pointer(to: [Int].self).pointee }
    #expect(read == [1, 2, 3])
  }

  @Test("A lent value written by the handler is what the lender sees afterwards")
  func lentValueWrittenBack() {
    var slot: String? = nil
    ErasedValue.with(lending: &slot) { erased in erased.lentPointer(to: String?.self).pointee = "answered" }
    #expect(slot == "answered")
  }

  #if DEBUG
  @Test("Debug builds stop when a change is read as the wrong type")
  func wrongTypeStops() async {
    await #expect(processExitsWith: .failure) {
      ErasedValue.with(ObservedChange(setting: 1, to: 2)) { erased in
        erased.readChange(of: String.self) { _ in }
      }
    }
  }

  @Test("Debug builds stop when a value that was not lent is written")
  func writingUnlentValueStops() async {
    await #expect(processExitsWith: .failure) {
      ErasedValue.with(1) { erased in erased.lentPointer(to: Int.self).pointee = 2 }
    }
  }
  #endif
}
