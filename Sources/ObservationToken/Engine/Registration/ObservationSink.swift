/// What a registration calls for each change: the subject, and the
/// ``ErasedChange`` of the registered key path's value type.
///
/// An object holding what the registration's owner wants done, plus a function that
/// knows its type. The owner may subclass it to hold the user's handler itself: a closure
/// around the handler would be a second object for every observation.
@usableFromInline
class ObservationSink {
  /// Calls `sink`'s handler. Made where the sink's types are known, so it is specialized
  /// for them and, capturing nothing, costs no allocation.
  @usableFromInline
  typealias Receiver = (_ sink: ObservationSink, _ subject: AnyObject, _ change: ErasedChange) -> Bool

  private let receiver: Receiver

  @usableFromInline
  init(receiver: @escaping Receiver) {
    self.receiver = receiver
  }

  /// Handles one change; returns `false` to end the registration (its raw observer is
  /// gone).
  @inline(__always)
  final func receive(_ change: ErasedChange, of subject: AnyObject) -> Bool {
    receiver(self, subject, change)
  }
}

/// A sink that runs a closure: for the registrations that do more than call one handler
/// (raw observers, bindings, deliveries elsewhere).
@usableFromInline
final class ClosureSink: ObservationSink {
  @usableFromInline
  typealias Function = (_ subject: AnyObject, _ change: ErasedChange) -> Bool

  private let function: Function

  @usableFromInline
  init(_ function: @escaping Function) {
    self.function = function
    super.init { sink, subject, change in
      unsafeDowncast(sink, to: ClosureSink.self).function(subject, change)
    }
  }
}
