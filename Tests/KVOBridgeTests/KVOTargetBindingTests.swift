import Testing

#if canImport(ObjectiveC)
import Foundation
import ObservationToken
#else
import KVOShim
@testable import ObservationToken
#endif

/// A binding to an `NSObject` target — a view, a label — ends the moment the target is
/// deallocated, and lets go of its transform then: an object associated with the target
/// tells it. On Linux the binding is made by hand around the same ``ObjectWatchedBinding``
/// the library makes for an `NSObject` target on Apple, over the model's associations.
@Suite("Bindings to NSObject targets")
struct KVOTargetBindingTests {
  @Test("Releasing an NSObject target ends its binding and lets go of the transform, with no change")
  func releasingTargetEndsBinding() {
    weak var weakCapture: TargetCapture?
    let model = TitleModel()
    var label: Label? = Label()
    let token: ObservationToken
    do {
      let capture = TargetCapture()
      weakCapture = capture
      token = bindText(of: model, to: label!) { capture.describe($0) }
    }
    #expect(label!.text == "Draft")
    #expect(token.isValid)
    label = nil
    #expect(!token.isValid)
    #expect(weakCapture == nil, "the binding still holds its transform after its target was released")
    withExtendedLifetime(token) {}
  }

  @Test("A binding ended first leaves its target writable by the next, and the target's release harmless")
  func endedBindingLeavesTarget() {
    let model = TitleModel()
    var label: Label? = Label()
    for index in 0..<10 {
      let token = bindText(of: model, to: label!) { "\($0) \(index)" }
      #expect(label!.text == "Draft \(index)")
      token.invalidate()
    }
    weak let weakLabel = label
    label = nil
    #expect(weakLabel == nil)
  }

  /// Binds `model`'s title to `label`'s text through `transform`: with the library's `bind`
  /// where it makes the NSObject binding itself, by hand over the model of KVO.
  private func bindText(
    of model: TitleModel,
    to label: Label,
    transform: @escaping (String) -> String
  ) -> ObservationToken {
    #if canImport(ObjectiveC)
    model.bind(\.title, to: label, \.text, transform: transform)
    #else
    let binding = ObjectWatchedBinding(watching: label)
    let write = ErasedChangeHandler(ending: binding) { [weak label] subject, change in
      guard let label else { return false }
      let title = change.readChange(of: String.self) { change in
        (subject as! TitleModel).value(at: \.title, after: change)
      }
      binding.apply { label.text = transform(title) }
      return true
    }
    let registration = model.register(
      \.title, options: [.initial, .new], handler: .specialized(write), file: #fileID, line: #line)
    return ObservationToken(starting: registration, through: binding)
    #endif
  }
}

/// The source of the bindings.
private final class TitleModel: KeyValueObservable, @unchecked Sendable {
  @Observed var title = "Draft"
}

/// An `NSObject` target, as a label is.
private final class Label: NSObject, @unchecked Sendable {
  var text = ""
}

/// Something a transform captures, to see when the transform is released.
private final class TargetCapture: @unchecked Sendable {
  func describe(_ title: String) -> String { title }
}
