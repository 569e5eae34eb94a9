#if !canImport(ObjectiveC)
/// Apple's `objc_AssociationPolicy` (raw values from `objc/runtime.h`).
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 769
  case OBJC_ASSOCIATION_COPY = 771
}

/// Apple's `objc_setAssociatedObject`: `value` is kept (every policy but `ASSIGN` retains;
/// the model has no copying) until it is replaced, set to `nil`, or `object` is
/// deallocated — then it is released, outside the model's lock, as Apple releases
/// associations in `object_dispose`.
public func objc_setAssociatedObject(
  _ object: Any,
  _ key: UnsafeRawPointer,
  _ value: Any?,
  _ policy: objc_AssociationPolicy
) {
  guard let subject = object as? NSObject else {
    KVOShim.stop("objc_setAssociatedObject: the model keeps associations only for its own NSObject subclasses")
  }
  KVOShim.release(
    KVOShim.registry.withLock { state in
      state.associate(value, policy: policy, with: subject, key: key).map { [$0] } ?? []
    }
  )
}

/// Apple's `objc_getAssociatedObject`.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  guard let subject = object as? NSObject else { return nil }
  return KVOShim.registry.withLock { $0.associatedObject(of: subject, key: key) }
}
#endif
