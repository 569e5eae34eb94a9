/// What a key path object's components are, read from the runtime's layout of the object:
/// which property each computed component is (its ID), and the index of a subscript that
/// takes one `Int`, which no public API exposes.
///
/// The layout is the standard library's (its `KeyPathBuffer` and `RawKeyPathComponent`),
/// which promises nothing, so it is trusted only after ``isReadable`` has read reference
/// key paths written here and found exactly what they were written with. When it has not,
/// every reader answers as if it knew nothing, and whatever relies on it is skipped.
@usableFromInline
enum KeyPathLayout {
  /// One component of a key path, as far as the readers here need it.
  struct Component {
    /// The runtime's kind: 1 a struct's stored property, 2 a computed property or
    /// subscript, 3 a class's stored property, 4 an optional chain, force or wrap.
    let kind: UInt32
    /// A computed component's identity: the runtime's ID and how it was made, equal for two
    /// components of the same property or subscript (an override's included, which has its
    /// name), whatever key path they are in. (Not its getter: an optimized build may give
    /// two key paths of one property getters of their own.)
    let id: (value: UInt, flags: UInt32)?
    /// The argument of a subscript that takes exactly one `Int` (beyond the generic
    /// arguments the runtime keeps with it): the index written in the key path.
    let intArgument: Int?
    /// Whether it is a computed property with a setter that does not mutate its base: a
    /// class's `var` (an `@Observed` one among them).
    let isReferenceSettable: Bool
    /// The type of the value it gives; `nil` for the last component (the key path's value
    /// type).
    var valueType: Any.Type?

    static let computedKind: UInt32 = 2
    static let optionalKind: UInt32 = 4

    /// Whether this is the same computed property or subscript as `other`.
    func hasSameID(as other: Component) -> Bool {
      guard let id, let otherID = other.id else { return false }
      return id.value == otherID.value && id.flags == otherID.flags
    }
  }

  /// Whether the layout read here is the running standard library's: checked once, on
  /// reference key paths whose components and indexes are known.
  static let isReadable: Bool = {
    // Two key paths of one shape have one header, of a size that fits the object, before
    // anything past the header is read.
    let zeroHeader = KeyPathLayout.header(of: \[Int][0])
    guard zeroHeader == KeyPathLayout.header(of: \[String][7]), Int(zeroHeader & sizeMask) <= referenceBufferSize,
      Int(KeyPathLayout.header(of: \[[Int]][1][4]) & sizeMask) <= referenceBufferSize
    else { return false }
    let zero = components(ofUnchecked: \[Int][0])
    let seven = components(ofUnchecked: \[String][7])
    let nested = components(ofUnchecked: \[[Int]][1][4])
    guard let zero, let seven, let nested, zero.count == 1, seven.count == 1, nested.count == 2 else { return false }
    let subscripts = [zero[0], seven[0], nested[0], nested[1]]
    return subscripts.map(\.intArgument) == [0, 7, 1, 4]
      && subscripts.allSatisfy { $0.kind == Component.computedKind && $0.hasSameID(as: zero[0]) }
      && nested[0].valueType.map(ObjectIdentifier.init) == ObjectIdentifier([Int].self)
  }()

  /// The component of `Array`'s own subscript (`tags[5]`), for comparison: its ID is the
  /// same whatever the element type.
  static let arraySubscript: Component? = isReadable ? components(ofUnchecked: \[Int][0])?.first : nil

  /// Whether the runtime marked `keyPath` as having one component: a test of one bit of
  /// its header, inlined where key paths are evaluated. Asked before the layout is known to
  /// be readable, so an answer either way is safe: `true` only skips what the layout
  /// would tell, and `false` leads to ``components(of:)``, which asks ``isReadable``.
  @inlinable
  static func isMarkedSingleComponent(_ keyPath: AnyKeyPath) -> Bool {
    header(of: keyPath) & 0x2000_0000 != 0
  }

  /// The components of `keyPath`, first to last; `nil` when the layout is not readable.
  static func components(of keyPath: AnyKeyPath) -> [Component]? {
    isReadable ? components(ofUnchecked: keyPath) : nil
  }

  // The buffer follows the object's header and its KVC string pointer; it begins with
  // a 32-bit header (size and flags), and its components start one word later.
  @inlinable static var bufferOffset: Int { 3 * MemoryLayout<Int>.size }
  private static let sizeMask: UInt32 = 0x00FF_FFFF
  private static let reservedMask: UInt32 = 0x1F00_0000
  // A component's 32-bit header: its kind, then a payload of flags (or an offset).
  private static let kindMask: UInt32 = 0x7F00_0000
  private static let kindShift: UInt32 = 24
  private static let payloadMask: UInt32 = 0x00FF_FFFF
  private static let storedOffsetMask: UInt32 = 0x007F_FFFF
  private static let outOfLineOffset: UInt32 = 0x007F_FFFF
  private static let mutatingFlag: UInt32 = 0x0080_0000
  private static let settableFlag: UInt32 = 0x0040_0000
  private static let idKindFlags: UInt32 = 0x0030_0000
  private static let hasArgumentsFlag: UInt32 = 0x0008_0000
  private static let fromExternalWithArgumentsFlag: UInt32 = 0x0000_0010
  /// Larger buffers are not read: no key path written in source comes near.
  private static let largestBuffer = 1 << 16
  /// The most the self-check's reference key paths can take: a subscript's component with
  /// its arguments, a type and another such component.
  private static let referenceBufferSize = 256

  /// The 32-bit header of `keyPath`'s buffer: its size, then flags.
  @inlinable
  static func header(of keyPath: AnyKeyPath) -> UInt32 {
    withExtendedLifetime(keyPath) {
      UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque()).load(fromByteOffset: bufferOffset, as: UInt32.self)
    }
  }

  /// Reads the components without asking ``isReadable`` (which is made from this); `nil`
  /// for anything that does not fit the layout.
  private static func components(ofUnchecked keyPath: AnyKeyPath) -> [Component]? {
    let header = header(of: keyPath)
    let size = Int(header & sizeMask)
    guard header & reservedMask == 0, size > 0, size <= largestBuffer else { return nil }
    return withExtendedLifetime(keyPath) {
      let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
      let start = object + bufferOffset + MemoryLayout<Int>.size
      let end = start + size
      var cursor = start
      var components: [Component] = []
      while true {
        guard cursor + MemoryLayout<UInt32>.size <= end else { return nil }
        let componentHeader = cursor.loadUnaligned(as: UInt32.self)
        guard let (component, bodySize) = component(componentHeader, bodyAt: cursor + 4, end: end) else { return nil }
        var found = component
        cursor += 4 + bodySize
        if cursor == end {
          components.append(found)
          return components
        }
        // The type of the value so far, pointer-aligned, precedes every further component.
        let aligned = (Int(bitPattern: cursor) + MemoryLayout<Int>.alignment - 1) & -MemoryLayout<Int>.alignment
        cursor = UnsafeRawPointer(bitPattern: aligned).unsafelyUnwrapped
        guard cursor + MemoryLayout<Int>.size < end else { return nil }
        found.valueType = unsafeBitCast(cursor.loadUnaligned(as: UnsafeRawPointer.self), to: Any.Type.self)
        components.append(found)
        cursor += MemoryLayout<Int>.size
      }
    }
  }

  /// One component whose header is `header` and whose body starts at `body`: what it is,
  /// and how many bytes its body takes.
  private static func component(
    _ header: UInt32,
    bodyAt body: UnsafeRawPointer,
    end: UnsafeRawPointer
  ) -> (Component, Int)? {
    let kind = (header & kindMask) >> kindShift
    let payload = header & payloadMask
    let word = MemoryLayout<Int>.size
    switch kind {
    case 1, 3:
      let bodySize = payload & storedOffsetMask == outOfLineOffset ? 4 : 0
      return (Component(kind: kind, id: nil, intArgument: nil, isReferenceSettable: false), bodySize)
    case 4:
      return (Component(kind: kind, id: nil, intArgument: nil, isReferenceSettable: false), 0)
    case Component.computedKind:
      // The header is 4 bytes, and the fields after it are pointer-aligned: the ID, the
      // getter, the setter if settable, then the arguments' size and witnesses.
      let fields = payload & settableFlag != 0 ? 3 : 2
      let skew = word - 4
      var bodySize = skew + fields * word
      guard body + bodySize <= end else { return nil }
      let id = (
        value: body.loadUnaligned(fromByteOffset: skew, as: UInt.self),
        flags: payload & idKindFlags
      )
      var intArgument: Int?
      if payload & hasArgumentsFlag != 0 {
        let argumentHeader = body + bodySize
        guard argumentHeader + 2 * word <= end else { return nil }
        let argumentSize = argumentHeader.loadUnaligned(as: Int.self)
        bodySize += 2 * word
        // Arguments instantiated from another module's descriptor carry that module's
        // generic arguments after the written ones, and say how many bytes those take.
        var genericSize = 0
        if payload & fromExternalWithArgumentsFlag != 0 {
          genericSize = (body + bodySize).loadUnaligned(as: Int.self)
          bodySize += word
        }
        guard argumentSize >= 0, genericSize >= 0, body + bodySize + argumentSize <= end else { return nil }
        if argumentSize - genericSize == MemoryLayout<Int>.size {
          intArgument = (body + bodySize).loadUnaligned(as: Int.self)
        }
        bodySize += argumentSize
      }
      let isReferenceSettable = payload & settableFlag != 0 && payload & mutatingFlag == 0
      return (
        Component(kind: kind, id: id, intArgument: intArgument, isReferenceSettable: isReferenceSettable), bodySize
      )
    default:
      // An external component is resolved when the key path is made: never here.
      return nil
    }
  }
}
