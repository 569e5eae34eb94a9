import ObservationToken
import Testing

/// A derived property reading a plain `var` beside an `@Observed` one.
private final class GreetingWithPlainPunctuation: KeyValueObservable {
  @Observed var name = "Ada"
  var punctuation = "."
  var text: String { "Hello, " + name + punctuation }
}

/// What the articles say a derived property over a plain `var` does: the engine sees only
/// `@Observed` reads.
@Suite("A derived property over a plain var")
struct DerivedOverPlainVarTests {
  @Test(
    "A plain var's change calls no handler; the next observed change reports the value it computes and, as old, the last one reported"
  )
  func plainVarChangeIsUnseenUntilTheNextObservedChange() {
    let greeting = GreetingWithPlainPunctuation()
    var calls: [TokenCall] = []
    let token = greeting.observe(\.text) { _, change in calls.append(TokenCall(change)) }
    greeting.punctuation = "!"
    #expect(calls.isEmpty)
    greeting.name = "Grace"
    #expect(calls == [TokenCall(old: "Hello, Ada.", new: "Hello, Grace!")])
    withExtendedLifetime(token) {}
  }
}
