/// A subscription that calls a method of a target it holds weakly.
///
/// It ends when its token is released or its target is, whichever comes first. The
/// target's release is seen at once when the target owns the token (its bag releases it);
/// otherwise at the latest by the next send, which finds the target gone and ends the
/// subscription then — pure Swift cannot watch an arbitrary object's release.
///
/// `@unchecked Sendable`: the target is a weak reference, which the runtime loads
/// atomically; `action` is read only inside an admitted delivery and cleared only by the
/// gate's single release.
final class TargetActionSubscription<Parameter, Target: AnyObject>: EventSubscription, @unchecked Sendable {
  private weak var target: Target?
  private var action: ((Target, Parameter) -> Void)?

  init(
    source: SubscriberSource, origin: SubscriptionOrigin, target: Target, action: @escaping (Target, Parameter) -> Void
  ) {
    self.target = target
    self.action = action
    super.init(source: source, origin: origin, parameterType: Parameter.self)
  }

  override var isValid: Bool { super.isValid && target != nil }

  override func receive(_ parameter: ErasedValue) -> Bool {
    guard let target else {
      end()
      return false
    }
    action?(target, parameter.pointer(to: Parameter.self).pointee)
    return true
  }

  override func releaseHandler() {
    action = nil
  }

  override var kindDescription: String { "\(super.kindDescription) \(Target.self)" }
}
