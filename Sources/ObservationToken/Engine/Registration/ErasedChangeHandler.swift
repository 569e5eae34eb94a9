/// A handler that is a closure of the subject and the change, still erased: for the
/// registrations that do more than call one typed handler (raw observers, bindings,
/// deliveries elsewhere), which read the change themselves.
@usableFromInline
final class ErasedChangeHandler: SubscriptionHandler {
  @usableFromInline
  typealias Function = (_ subject: AnyObject, _ change: ErasedValue) -> Bool

  private let function: Function
  /// What the function feeds — a delivery on a queue, a binding — when it adds to the
  /// registration: it ends when this handler is released. The registration releases its
  /// handler once it has ended, whatever ended it (its subject's release, a target found
  /// gone), and the decorator must then end too: left open, it would keep the user's handler
  /// and what it captures until the token is released. A handler that feeds nothing keeps
  /// where its observation was made in the same word.
  private let fed: DecoratorOrLocation

  /// A handler calling `function`; `decorator`, when given, ends with the registration.
  @usableFromInline
  init(ending decorator: SubscriptionDecorator, _ function: @escaping Function) {
    self.function = function
    self.fed = DecoratorOrLocation(decorator)
    super.init { handler, change, subject in
      unsafeDowncast(handler, to: ErasedChangeHandler.self).function(subject.unsafelyUnwrapped, change)
    }
  }

  /// A handler calling `function`, for an observation made at `madeAt`.
  @usableFromInline
  init(madeAt: CompactSourceLocation = .unknown, _ function: @escaping Function) {
    self.function = function
    self.fed = DecoratorOrLocation(madeAt)
    super.init { handler, change, subject in
      unsafeDowncast(handler, to: ErasedChangeHandler.self).function(subject.unsafelyUnwrapped, change)
    }
  }

  deinit {
    fed.withDecorator { $0.end() }
  }

  /// Where the observation was made: the delivery's or binding's it feeds, or its own.
  override var madeAtDescription: String? {
    var place: String?
    fed.withDecorator { place = $0.madeAtDescription }
    return place ?? fed.location?.description
  }
}

/// A decorator, retained, or else a location, in one word: the decorator's address has
/// its high 16 bits zero, and a location's line (never 0 once kept) fills them.
private struct DecoratorOrLocation: ~Copyable {
  private let bits: UInt64

  init(_ decorator: SubscriptionDecorator) {
    let address = UInt64(UInt(bitPattern: Unmanaged.passRetained(decorator).toOpaque()))
    // User-space addresses fit in 48 bits on every 64-bit platform the package supports.
    precondition(address >> 48 == 0, "ObservationToken: an object's address above 48 bits")
    bits = address
  }

  init(_ location: CompactSourceLocation) {
    bits = location.bits >> 48 == 0 ? 0 : location.bits
  }

  deinit {
    if let address = decoratorAddress { Unmanaged<SubscriptionDecorator>.fromOpaque(address).release() }
  }

  private var decoratorAddress: UnsafeRawPointer? {
    bits >> 48 == 0 ? UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: bits)) : nil
  }

  /// Calls `body` with the decorator, if this holds one.
  func withDecorator(_ body: (SubscriptionDecorator) -> Void) {
    guard let address = decoratorAddress else { return }
    Unmanaged<SubscriptionDecorator>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
  }

  /// The location, if this holds one.
  var location: CompactSourceLocation? {
    bits >> 48 == 0 ? nil : CompactSourceLocation(bits: bits)
  }
}
