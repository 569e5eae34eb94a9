/// The routed types some node has had a registration for, ever: a post or request of any
/// other type reaches no one, and returns at once instead of walking the chain.
///
/// It only grows (a type's registrations may come and go; its entry stays), and a program
/// routes few types, so it is a short list searched under a lock.
enum RoutedTypeCensus {
  private static let known = Locked<[ObjectIdentifier]>([])

  /// Notes that a node has made a channel for `type`; call before the registration can
  /// receive anything.
  static func record(_ type: ObjectIdentifier) {
    known.withLock { known in
      if !known.contains(type) { known.append(type) }
    }
  }

  /// Whether any node may have a registration for `type`.
  static func mayBeHeard(_ type: ObjectIdentifier) -> Bool {
    known.withLock { $0.contains(type) }
  }
}
