import Testing

#if canImport(ObjectiveC)
import Foundation
#else
import KVOShim
#endif

/// After every test, the model of KVO holds no registration: each token removed its own,
/// exactly once, whether it was invalidated, released, or outlived by its subject. (On Apple
/// real KVO keeps no list a test can read; there the tests' own checks remain.)
struct KVOLeakCheck: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await function()
    #if KVO_SHIM
    guard !test.isSuite else { return }
    let leftovers = KVOShim.leftovers()
    #expect(leftovers.isEmpty, "observations never removed: \(leftovers)")
    #endif
  }
}

extension Trait where Self == KVOLeakCheck {
  /// Checks after each test that every KVO registration it made was removed.
  static var kvoLeakCheck: KVOLeakCheck { KVOLeakCheck() }
}

/// Every KVO test, one at a time: the model's leak check reads its global state.
@Suite("The Apple KVO bridge", .serialized, .kvoLeakCheck)
enum KVOBridge {}
