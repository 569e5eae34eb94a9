import Synchronization

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// A raw observer's memory, kept from being freed while a registration of it may be named
/// by a removal, and what tells when the observer's deinitialization has finished: the
/// moment no removal from its `deinit` can come any more.
///
/// Swift frees an object's memory only once no unowned reference to it remains, and the
/// object's unowned count carries one more, on behalf of its strong references, until its
/// deinitialization has finished — its `deinit` and the destruction of its stored
/// properties. Holding one unowned reference, shared by every filed registration of the
/// observer, this object sees the count fall to its own one exactly then (or stay above it
/// while code elsewhere holds unowned references of its own to the observer, which keep
/// the memory too).
///
/// With the Objective-C runtime, an observer may be an `NSObject`, whose counts are not
/// Swift's: there, an object associated with the observer tells instead — the runtime
/// releases an object's associations once its `dealloc`, and so its `deinit`, has run.
///
/// `@unchecked Sendable`: its stored properties never change after `init`; the unowned
/// reference is never read, and the count is read through the runtime's atomic load.
final class ObserverMemory: @unchecked Sendable {
  /// Never read: it keeps the observer's memory, so that the count stays readable and no
  /// other object takes the observer's address.
  private unowned let observer: AnyObject
  /// The observer, for reading its count without a strong reference, which an observer
  /// in or past its `deinit` must never be given.
  private let address: Unmanaged<AnyObject>
  /// The observer's identity, its key in ``table``.
  private let id: ObjectIdentifier
  /// Its entry in ``table``, which it removes when it goes.
  private let entry: WeakReference<ObserverMemory>
  #if canImport(ObjectiveC)
  /// Set when the object associated with the observer is released.
  private let deinitialized = Atomic(false)
  #endif

  private init(_ observer: AnyObject) {
    self.observer = observer
    address = Unmanaged.passUnretained(observer)
    id = ObjectIdentifier(observer)
    entry = WeakReference()
    entry.object = self
  }

  deinit {
    let id = id
    let entry = entry
    Self.table.withLock { table in
      // Compared by identity: nothing here loads a weak reference.
      if table[id] === entry { table[id] = nil }
    }
  }

  /// Whether the observer's deinitialization has finished: its unowned count is down to
  /// this object's reference.
  var observerHasBeenDeinitialized: Bool {
    #if canImport(ObjectiveC)
    deinitialized.load(ordering: .acquiring)
    #else
    address._withUnsafeGuaranteedRef { _getUnownedRetainCount($0) } <= 1
    #endif
  }

  /// The memory of `observer`, a live object, shared by all its registrations. One whose
  /// observer has been deinitialized belongs to an earlier object at the same address: with
  /// the Objective-C runtime an `NSObject`'s memory is not kept by an unowned reference, and
  /// its address may be reused while the earlier object's registrations are still filed.
  static func of(_ observer: AnyObject) -> ObserverMemory {
    let id = ObjectIdentifier(observer)
    // The one loaded here is handed out, or a stale one let go of after the lock, so the
    // lock never lets go of the last reference to a memory object (whose deinit takes it).
    let (memory, stale) = table.withLock { table -> (ObserverMemory, ObserverMemory?) in
      let found = table[id]?.object
      if let found, !found.observerHasBeenDeinitialized { return (found, nil) }
      let memory = ObserverMemory(observer)
      table[id] = memory.entry
      #if canImport(ObjectiveC)
      // Under the lock: one memory object per observer at a time, so one spy is attached.
      DeallocationSpy.attach(to: observer, for: memory)
      #endif
      return (memory, found)
    }
    withExtendedLifetime(stale) {}
    return memory
  }

  #if canImport(ObjectiveC)
  /// Associated with the observer, once for its whole life: released by the runtime after
  /// the observer's `deinit`, it marks the observer's memory object of the moment, if any.
  private final class DeallocationSpy {
    private let memory = WeakReference<ObserverMemory>()

    deinit {
      memory.object?.deinitialized.store(true, ordering: .releasing)
    }

    /// Points `observer`'s spy, attaching one the first time, at `memory`.
    static func attach(to observer: AnyObject, for memory: ObserverMemory) {
      // A key no other association uses: this class's metadata, which is never freed.
      let key = UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(DeallocationSpy.self)))!
      if let spy = objc_getAssociatedObject(observer, key) as? DeallocationSpy {
        spy.memory.object = memory
        return
      }
      let spy = DeallocationSpy()
      spy.memory.object = memory
      objc_setAssociatedObject(observer, key, spy, .OBJC_ASSOCIATION_RETAIN)
    }
  }
  #endif

  /// The memory objects alive, by their observers' identities: while one lives, its
  /// observer's address is taken, so an identity names one observer.
  private static let table = Locked<[ObjectIdentifier: WeakReference<ObserverMemory>]>([:])
}
