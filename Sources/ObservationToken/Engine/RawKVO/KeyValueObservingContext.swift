/// A private context for the raw layer's registrations whose identity is the context:
/// the Swift 6 way to write KVO's `private var context = 0`.
///
/// A global or static `var` is shared mutable state, which Swift 6 rejects; a context
/// object is immutable and `Sendable`, so it can be a `static let`. Register and remove
/// with it, and recognize its registrations' calls by matching the pointer
/// ``KeyValueObserving/observeValue(forKeyPath:of:change:context:)`` receives:
///
/// ```swift
/// class DocumentScreen: KeyValueObserving {
///   private static let context = KeyValueObservingContext()
///
///   func start(_ document: Document) {
///     document.addObserver(self, forKeyPath: \Document.title, options: [.new], context: Self.context)
///   }
///
///   func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
///                     change: KeyValueChange, context: UnsafeMutableRawPointer?) {
///     guard Self.context ~= context else { return }   // another class's registration
///     // …
///   }
/// }
/// ```
///
/// A superclass and a subclass that each keep their own context never see each other's
/// registrations. Code ported from KVO may keep the pointer form
/// (`context: &context` with a `nonisolated(unsafe) static var context = 0`); both forms
/// file a registration under a pointer, and ``pointer`` is this one's.
///
/// A registration made with a context keeps it alive, so no other object can take its
/// address while the registration lasts.
public final class KeyValueObservingContext: Sendable, Hashable, CustomStringConvertible {
  /// Makes a context unlike any other.
  public init() {}

  /// The pointer that registrations made with this context carry: what
  /// ``KeyValueObserving/observeValue(forKeyPath:of:change:context:)`` receives as its
  /// `context`. Never dereference it.
  public var pointer: UnsafeMutableRawPointer {
    Unmanaged.passUnretained(self).toOpaque()
  }

  /// Whether `pointer`, as an observer receives it, is this context's: for `guard` and
  /// `switch` in ``KeyValueObserving/observeValue(forKeyPath:of:change:context:)``.
  ///
  /// ```swift
  /// switch context {
  /// case Self.titleContext: updateTitle()
  /// case Self.tagsContext: updateTags()
  /// default: break
  /// }
  /// ```
  public static func ~= (context: KeyValueObservingContext, pointer: UnsafeMutableRawPointer?) -> Bool {
    pointer == context.pointer
  }

  /// Contexts are equal only to themselves.
  public static func == (lhs: KeyValueObservingContext, rhs: KeyValueObservingContext) -> Bool {
    lhs === rhs
  }

  /// Hashes the context's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The context's pointer, as errors and descriptions print it.
  public var description: String { "\(pointer)" }
}
