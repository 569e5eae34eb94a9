/// A handler whose receive function is made where its types are known — an `@inlinable`
/// initializer, run in the caller's code — so that a change is read and passed on by code
/// specialized for them, not by generic code copying values through their witnesses. The
/// function captures nothing (it reaches the handler through its first argument), so it
/// costs no allocation. The engine's registrations hold this class itself, so calling it
/// is a direct call, not a dispatch through the base.
@usableFromInline
class SpecializedHandler: SubscriptionHandler {
  @usableFromInline
  typealias Receive = (_ handler: SpecializedHandler, _ value: ErasedValue, _ subject: AnyObject?) -> Bool

  private let function: Receive

  @usableFromInline
  init(receive: @escaping Receive) {
    function = receive
  }

  @inline(__always)
  final override func receive(_ value: ErasedValue, from subject: AnyObject?) -> Bool {
    function(self, value, subject)
  }
}
