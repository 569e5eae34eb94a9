import ObservationToken

/// A deliberate mistake the reference model can make, so a test can check that the
/// comparison notices when the engine and the model disagree.
enum ReliabilityModelFault: CaseIterable, Sendable {
  /// Delivers a change to its observers in reverse registration order.
  case reverseOrder
  /// Forgets the `.prior` calls.
  case noPriorCalls
  /// A derived value that did not change is not reported.
  case derivedSkipsUnchangedValues
  /// A derived value that mirrors a collection reports collection changes as settings.
  case mirrorIsSetting
  /// `invalidate()` leaves the observation running.
  case invalidateKeepsObserving
  /// A raw registration delivers the values its options did not ask for.
  case rawGetsEveryValue
}

/// A plain-Swift model of what the engine must deliver: the values, the registrations in
/// order, and, for each operation, the notifications expected, in order.
///
/// It knows nothing of the engine's code. Its rules, from the documentation:
/// - A change goes to every live registration that depends on the property, in
///   registration order: `.prior` calls first (to those that asked), then the change.
/// - A registration for exactly one `@Observed` property of its subject gets the change
///   as made: a setting with whole values, or a collection edit with its kind, indexes and
///   elements. An edit that changes nothing notifies nothing.
/// - A derived registration (a computed property or a chain) evaluates its key path again
///   after every change of a property it read, and reports a setting from the value before
///   to the value after — even when they are equal. Its `.prior` call carries the value
///   before. When the key path returns exactly its only dependency, a property of the
///   subject (`tagList`), a collection edit passes through as made.
/// - Raw registrations carry only the values their options ask for; token handlers always
///   get both, and `removingDuplicates: true` skips settings whose old and new are equal —
///   unless the token asked for `.prior`, whose call before a change always has its call after.
/// - A registration ends when invalidated, removed, its token released, its subject
///   released or its raw observer released; once ended it never delivers again.
struct ReliabilityReferenceModel {
  typealias Notification = ReliabilityNotification

  struct DocumentState {
    var title: String
    var isFavorite: Bool
    var tags: [String]

    var displayTitle: String { isFavorite ? "★ " + title : title }
    var summary: String { isFavorite ? title : tags.joined(separator: ",") }
  }

  enum Subject: Equatable {
    case document(Int)
    case cell(Int)

    var serial: Int {
      switch self {
      case .document(let serial), .cell(let serial): serial
      }
    }
  }

  enum Property: Hashable {
    case title, isFavorite, tags, document
  }

  struct PropertyKey: Hashable {
    var object: Int
    var property: Property
  }

  struct Registration {
    /// Unique, in registration order.
    var id: Int
    var receiver: String
    /// The token's number; `nil` for a raw registration.
    var token: Int?
    var subject: Subject
    var path: ReliabilityPath
    var options: KeyValueObservingOptions
    var removesDuplicates: Bool
    /// The raw observer's serial number.
    var observer: Int?
    var context: Int
    /// What the token's handler does when called.
    var effect: ReliabilityHandlerEffect?
  }

  /// A change of one property, as the engine describes it to a direct registration.
  enum Change {
    case setting(old: String, new: String)
    case edit(kind: KeyValueChange.Kind, removed: [String], inserted: [String], indexes: [Range<Int>])
  }

  enum Holder: Equatable {
    case list, bag
  }

  private let fault: ReliabilityModelFault?
  /// The living documents, by serial number.
  private(set) var documents: [Int: DocumentState] = [:]
  /// The serial number of the document in each slot.
  private(set) var slots: [Int]
  private(set) var cell: Int
  private(set) var cellDocument: Int?
  /// The serial number of the observer in each slot.
  private(set) var observers: [Int]
  /// The live registrations, in registration order.
  private(set) var registrations: [Registration] = []
  /// The tokens the test holds, and where.
  private(set) var heldTokens: [Int: Holder] = [:]
  private(set) var nextToken = 1
  private var nextRegistration = 1
  private var nextSerial: Int

  init(setup: ReliabilitySetup, fault: ReliabilityModelFault? = nil) {
    self.fault = fault
    slots = []
    for (index, values) in setup.documents.enumerated() {
      documents[index + 1] = DocumentState(title: values.title, isFavorite: values.isFavorite, tags: values.tags)
      slots.append(index + 1)
    }
    cell = setup.cellSerial
    let slots = slots
    cellDocument = setup.cellDocument.map { slots[$0] }
    observers = (0..<setup.observerCount).map(setup.observerSerial)
    nextSerial = setup.nextSerial
  }

  // MARK: - What must be alive

  /// Whether the object with this serial number must still exist.
  func isLiving(_ serial: Int) -> Bool {
    documents[serial] != nil || cell == serial || observers.contains(serial)
  }

  /// Whether this token's observation must still be running.
  func isObserving(token: Int) -> Bool {
    registrations.contains { $0.token == token }
  }

  // MARK: - Values

  private func describe<Value>(_ value: Value) -> String {
    Notification.describe(value)
  }

  private func document(_ serial: Int) -> DocumentState {
    guard let document = documents[serial] else { preconditionFailure("doc#\(serial) is not alive") }
    return document
  }

  /// The value of `path` on `subject`, as the log writes it.
  private func value(of path: ReliabilityPath, on subject: Subject) -> String {
    switch (subject, path) {
    case (.document(let serial), _):
      let document = document(serial)
      switch path {
      case .title: return describe(document.title)
      case .isFavorite: return describe(document.isFavorite)
      case .tags, .tagList: return describe(document.tags)
      case .displayTitle: return describe(document.displayTitle)
      case .tagCount: return describe(document.tags.count)
      case .summary: return describe(document.summary)
      default: preconditionFailure("\(path) is not a document's key path")
      }
    case (.cell, _):
      let document = cellDocument.map(document)
      switch path {
      case .document: return describe(cellDocument.map(ReliabilityDocumentName.init))
      case .chainTitle: return describe(document?.title)
      case .chainTags: return describe(document?.tags)
      case .chainDisplayTitle: return describe(document?.displayTitle)
      default: preconditionFailure("\(path) is not the cell's key path")
      }
    }
  }

  /// The properties the registration's key path reads now.
  private func dependencies(of registration: Registration) -> [PropertyKey] {
    let serial = registration.subject.serial
    switch registration.path {
    case .title: return [PropertyKey(object: serial, property: .title)]
    case .isFavorite: return [PropertyKey(object: serial, property: .isFavorite)]
    case .tags, .tagList, .tagCount: return [PropertyKey(object: serial, property: .tags)]
    case .displayTitle:
      return [PropertyKey(object: serial, property: .isFavorite), PropertyKey(object: serial, property: .title)]
    case .summary:
      let branch: Property = document(serial).isFavorite ? .title : .tags
      return [PropertyKey(object: serial, property: .isFavorite), PropertyKey(object: serial, property: branch)]
    case .document:
      return [PropertyKey(object: serial, property: .document)]
    case .chainTitle, .chainTags, .chainDisplayTitle:
      var keys = [PropertyKey(object: serial, property: .document)]
      guard let document = cellDocument else { return keys }
      switch registration.path {
      case .chainTitle: keys.append(PropertyKey(object: document, property: .title))
      case .chainTags: keys.append(PropertyKey(object: document, property: .tags))
      default:
        keys.append(PropertyKey(object: document, property: .isFavorite))
        keys.append(PropertyKey(object: document, property: .title))
      }
      return keys
    }
  }

  /// Whether the key path is exactly one `@Observed` property of its subject.
  private func isDirect(_ path: ReliabilityPath) -> Bool {
    [.title, .isFavorite, .tags, .document].contains(path)
  }

  /// Whether the key path returns its only dependency, a property of its subject, as is.
  private func mirrorsItsDependency(_ path: ReliabilityPath) -> Bool {
    path == .tagList && fault != .mirrorIsSetting
  }

  // MARK: - Notifications

  /// The call `registration` receives, after its options and handler style; `nil` when
  /// it receives none.
  private func notification(
    to registration: Registration,
    kind: KeyValueChange.Kind,
    old: String = Notification.absent,
    new: String = Notification.absent,
    indexes: [Range<Int>]? = nil,
    isPrior: Bool = false
  ) -> Notification? {
    if registration.removesDuplicates, kind == .setting, !isPrior, old != Notification.absent,
      new != Notification.absent, old == new
    {
      return nil
    }
    var old = old
    var new = new
    if registration.observer != nil, fault != .rawGetsEveryValue {
      if !registration.options.contains(.old) { old = Notification.absent }
      if !registration.options.contains(.new) { new = Notification.absent }
    }
    return Notification(
      receiver: registration.receiver,
      subject: registration.subject.serial,
      kind: kind,
      old: old,
      new: new,
      indexes: indexes,
      isPrior: isPrior
    )
  }

  /// The notification for a direct registration, or a passed-through collection edit.
  private func asMade(_ change: Change, to registration: Registration, isPrior: Bool) -> Notification? {
    switch change {
    case .setting(let old, let new):
      return notification(
        to: registration,
        kind: .setting,
        old: old,
        new: isPrior ? Notification.absent : new,
        isPrior: isPrior
      )
    case .edit(let kind, let removed, let inserted, let indexes):
      return notification(
        to: registration,
        kind: kind,
        old: kind == .insertion ? Notification.absent : describe(removed),
        new: kind == .removal || isPrior ? Notification.absent : describe(inserted),
        indexes: indexes,
        isPrior: isPrior
      )
    }
  }

  /// Makes a change of one property: the `.prior` calls, `apply`, then the change, to
  /// every live registration reading the property, in registration order.
  private mutating func change(
    _ key: PropertyKey,
    _ change: Change,
    apply: (inout ReliabilityReferenceModel) -> Void
  ) -> [Notification] {
    var affected = registrations.filter { dependencies(of: $0).contains(key) }
    if fault == .reverseOrder { affected.reverse() }
    let before = affected.map { value(of: $0.path, on: $0.subject) }
    var notifications: [Notification] = []
    if fault != .noPriorCalls {
      // A handler may end a registration later in the list: it is skipped from then on.
      for (registration, old) in zip(affected, before)
      where registration.options.contains(.prior) && isLive(registration) {
        let passes = isDirect(registration.path) || (mirrorsItsDependency(registration.path) && !change.isSetting)
        let prior =
          passes
          ? asMade(change, to: registration, isPrior: true)
          : notification(to: registration, kind: .setting, old: old, isPrior: true)
        deliver(prior, to: registration, into: &notifications)
      }
    }
    apply(&self)
    for (registration, old) in zip(affected, before) where isLive(registration) {
      let passes = isDirect(registration.path) || (mirrorsItsDependency(registration.path) && !change.isSetting)
      if passes {
        deliver(asMade(change, to: registration, isPrior: false), to: registration, into: &notifications)
        continue
      }
      let new = value(of: registration.path, on: registration.subject)
      if fault == .derivedSkipsUnchangedValues, old == new { continue }
      deliver(
        notification(to: registration, kind: .setting, old: old, new: new),
        to: registration,
        into: &notifications
      )
    }
    collectGarbage()
    return notifications
  }

  private func isLive(_ registration: Registration) -> Bool {
    registrations.contains { $0.id == registration.id }
  }

  /// Logs a call, if the handler is called, and does what the handler does.
  private mutating func deliver(
    _ notification: Notification?,
    to registration: Registration,
    into notifications: inout [Notification]
  ) {
    guard let notification else { return }
    notifications.append(notification)
    guard let effect = registration.effect, let token = registration.token else { return }
    switch effect {
    case .invalidate(let other):
      endToken(other)
    case .drop(let other):
      if heldTokens[other] == .list {
        heldTokens[other] = nil
        endToken(other)
      }
    case .invalidateItself:
      endToken(token)
    case .dropItself:
      if heldTokens[token] == .list {
        heldTokens[token] = nil
        endToken(token)
      }
    }
  }

  /// Replaces `bounds` of a document's tags, as the projection's edits do.
  private mutating func edit(_ serial: Int, _ bounds: Range<Int>, with inserted: [String]) -> [Notification] {
    let removed = Array(document(serial).tags[bounds])
    guard !removed.isEmpty || !inserted.isEmpty else { return [] }
    let kind: KeyValueChange.Kind
    let indexes: Range<Int>
    if removed.isEmpty {
      kind = .insertion
      indexes = bounds.lowerBound..<(bounds.lowerBound + inserted.count)
    } else {
      kind = inserted.isEmpty ? .removal : .replacement
      indexes = bounds
    }
    return change(
      PropertyKey(object: serial, property: .tags),
      .edit(kind: kind, removed: removed, inserted: inserted, indexes: [indexes])
    ) { model in
      model.documents[serial]!.tags.replaceSubrange(bounds, with: inserted)
    }
  }

  private mutating func set<Value>(
    _ serial: Int,
    _ property: Property,
    _ keyPath: WritableKeyPath<DocumentState, Value>,
    to newValue: Value
  ) -> [Notification] {
    let old = describe(document(serial)[keyPath: keyPath])
    return change(PropertyKey(object: serial, property: property), .setting(old: old, new: describe(newValue))) {
      $0.documents[serial]![keyPath: keyPath] = newValue
    }
  }

  /// Ends what can no longer deliver: registrations of released subjects and observers.
  /// Documents neither in a slot nor in the cell are released first.
  private mutating func collectGarbage() {
    let referenced = Set(slots + [cellDocument].compactMap { $0 })
    documents = documents.filter { referenced.contains($0.key) }
    registrations.removeAll { registration in
      switch registration.subject {
      case .document(let serial): if documents[serial] == nil { return true }
      case .cell(let serial): if serial != cell { return true }
      }
      if let observer = registration.observer, !observers.contains(observer) { return true }
      return false
    }
  }

  private func subject(of target: ReliabilityTarget) -> Subject {
    switch target {
    case .document(let slot): .document(slots[slot])
    case .cell: .cell(cell)
    }
  }

  /// Adds a registration and returns its `.initial` call, if any.
  private mutating func register(_ registration: Registration) -> [Notification] {
    var registration = registration
    registration.id = nextRegistration
    nextRegistration += 1
    registrations.append(registration)
    guard registration.options.contains(.initial) else { return [] }
    let value = value(of: registration.path, on: registration.subject)
    var notifications: [Notification] = []
    deliver(notification(to: registration, kind: .setting, new: value), to: registration, into: &notifications)
    return notifications
  }

  private mutating func endToken(_ token: Int) {
    if fault == .invalidateKeepsObserving { return }
    registrations.removeAll { $0.token == token }
  }

  // MARK: - Operations

  /// Applies `operation` and returns the notifications the engine must deliver, in order.
  mutating func apply(_ operation: ReliabilityOperation) -> [Notification] {
    switch operation {
    case .setTitle(let slot, let title):
      return set(slots[slot], .title, \.title, to: title)
    case .setFavorite(let slot, let value):
      return set(slots[slot], .isFavorite, \.isFavorite, to: value)
    case .assignTags(let slot, let tags):
      return set(slots[slot], .tags, \.tags, to: tags)
    case .appendTag(let slot, let tag):
      let count = document(slots[slot]).tags.count
      return edit(slots[slot], count..<count, with: [tag])
    case .insertTag(let slot, let tag, let index):
      return edit(slots[slot], index..<index, with: [tag])
    case .removeTag(let slot, let index):
      return edit(slots[slot], index..<(index + 1), with: [])
    case .replaceTags(let slot, let bounds, let tags):
      // As KVO's proxies do: a different number of elements is a removal, then an insertion.
      guard !bounds.isEmpty, !tags.isEmpty, bounds.count != tags.count else {
        return edit(slots[slot], bounds, with: tags)
      }
      return edit(slots[slot], bounds, with: [])
        + edit(slots[slot], bounds.lowerBound..<bounds.lowerBound, with: tags)
    case .setTag(let slot, let index, let tag):
      return edit(slots[slot], index..<(index + 1), with: [tag])
    case .removeAllTags(let slot):
      return edit(slots[slot], 0..<document(slots[slot]).tags.count, with: [])
    case .appendTags(let slot, let tags):
      let count = document(slots[slot]).tags.count
      return edit(slots[slot], count..<count, with: tags)
    case .setCellDocument(let slot):
      let new = slot.map { slots[$0] }
      let old = describe(cellDocument.map(ReliabilityDocumentName.init))
      let change = Change.setting(old: old, new: describe(new.map(ReliabilityDocumentName.init)))
      return self.change(PropertyKey(object: cell, property: .document), change) { $0.cellDocument = new }
    case .observe(let spec):
      nextToken = max(nextToken, spec.token + 1)
      var removesDuplicates = false
      if case .removingDuplicates(true) = spec.style { removesDuplicates = !spec.options.contains(.prior) }
      // The test holds the token once `observe` has returned, after the `.initial` call.
      defer { heldTokens[spec.token] = spec.inBag ? .bag : .list }
      return register(
        Registration(
          id: 0,
          receiver: "t\(spec.token)",
          token: spec.token,
          subject: subject(of: spec.target),
          path: spec.path,
          options: spec.options,
          removesDuplicates: removesDuplicates,
          observer: nil,
          context: 0,
          effect: spec.effect
        )
      )
    case .addObserver(let spec):
      let observer = observers[spec.observer]
      return register(
        Registration(
          id: 0,
          receiver: ReliabilityRawObserver.receiver(serial: observer, path: spec.path.rawValue, context: spec.context),
          token: nil,
          subject: subject(of: spec.target),
          path: spec.path,
          options: spec.options,
          removesDuplicates: false,
          observer: observer,
          context: spec.context,
          effect: nil
        )
      )
    case .removeObserver(let slot, let target, let path, let context):
      let subject = subject(of: target)
      let latest = registrations.lastIndex { registration in
        guard registration.observer == observers[slot], registration.subject == subject, registration.path == path
        else { return false }
        if case .exactly(let index) = context { return registration.context == index }
        return true
      }
      guard let latest else {
        return [Notification(receiver: "removeObserver", subject: subject.serial, new: "notRegistered")]
      }
      registrations.remove(at: latest)
      return [Notification(receiver: "removeObserver", subject: subject.serial, new: "removed")]
    case .invalidate(let token):
      endToken(token)
      return []
    case .dropToken(let token):
      heldTokens[token] = nil
      endToken(token)
      return []
    case .emptyBag:
      for (token, holder) in heldTokens where holder == .bag {
        heldTokens[token] = nil
        endToken(token)
      }
      return []
    case .replaceDocument(let slot, let values):
      documents[nextSerial] = DocumentState(title: values.title, isFavorite: values.isFavorite, tags: values.tags)
      slots[slot] = nextSerial
      nextSerial += 1
    case .replaceCell(let slot):
      cell = nextSerial
      cellDocument = slot.map { slots[$0] }
      nextSerial += 1
    case .replaceObserver(let slot):
      observers[slot] = nextSerial
      nextSerial += 1
    }
    collectGarbage()
    return []
  }

  // MARK: - Random operations

  private enum OperationKind: CaseIterable {
    case setTitle, setFavorite, assignTags, appendTag, insertTag, removeTag, replaceTags, setTag
    case removeAllTags, appendTags, setCellDocument, observe, addObserver, removeObserver
    case invalidate, dropToken, emptyBag, replaceDocument, replaceCell, replaceObserver

    var weight: Int {
      switch self {
      case .setTitle: 9
      case .setFavorite: 5
      case .assignTags: 3
      case .appendTag, .insertTag, .removeTag, .replaceTags, .setTag: 3
      case .removeAllTags: 1
      case .appendTags: 2
      case .setCellDocument: 5
      case .observe: 20
      case .addObserver: 9
      case .removeObserver: 6
      case .invalidate: 5
      case .dropToken: 4
      case .emptyBag: 2
      case .replaceDocument, .replaceCell, .replaceObserver: 1
      }
    }
  }

  private static let tokenOptions: [KeyValueObservingOptions] = [[], [.initial], [.prior], [.initial, .prior]]

  private func randomTarget(for path: ReliabilityPath, _ random: inout ReliabilityRandom) -> ReliabilityTarget {
    path.isOnCell ? .cell : .document(slot: random.below(slots.count))
  }

  private func randomPath(_ random: inout ReliabilityRandom) -> ReliabilityPath {
    random.chance(60)
      ? random.element(of: ReliabilityPath.documentPaths) : random.element(of: ReliabilityPath.cellPaths)
  }

  /// The slot of the document `subject` is, if it is in one.
  private func target(of subject: Subject) -> ReliabilityTarget? {
    switch subject {
    case .document(let serial): slots.firstIndex(of: serial).map { .document(slot: $0) }
    case .cell: .cell
    }
  }

  /// A random operation that is valid now: indexes within the tags, tokens the test holds.
  func randomOperation(_ random: inout ReliabilityRandom) -> ReliabilityOperation {
    let kind = random.weighted(OperationKind.allCases.map { (weight: $0.weight, choice: $0) })
    let slot = random.below(slots.count)
    let count = document(slots[slot]).tags.count
    let tag = random.element(of: ReliabilitySetup.tagElements)
    switch kind {
    case .setTitle: return .setTitle(slot: slot, random.element(of: ReliabilitySetup.titles))
    case .setFavorite: return .setFavorite(slot: slot, random.chance(50))
    case .assignTags: return .assignTags(slot: slot, ReliabilitySetup.randomTags(&random))
    case .appendTag: return .appendTag(slot: slot, tag)
    case .insertTag: return .insertTag(slot: slot, tag, at: random.int(in: 0...count))
    case .removeTag where count > 0: return .removeTag(slot: slot, at: random.below(count))
    case .setTag where count > 0: return .setTag(slot: slot, at: random.below(count), tag)
    case .replaceTags:
      let lower = random.int(in: 0...count)
      let upper = random.int(in: lower...count)
      return .replaceTags(slot: slot, lower..<upper, with: ReliabilitySetup.randomTags(&random))
    case .removeAllTags: return .removeAllTags(slot: slot)
    case .appendTags: return .appendTags(slot: slot, ReliabilitySetup.randomTags(&random))
    case .setCellDocument: return .setCellDocument(slot: random.chance(80) ? slot : nil)
    case .observe:
      let path = randomPath(&random)
      let styles: [ReliabilityHandlerStyle] =
        path.isEquatable
        ? [.plain, .passesToken, .removingDuplicates(true), .removingDuplicates(false)] : [.plain, .passesToken]
      var spec = ReliabilityTokenSpec(
        token: nextToken,
        target: randomTarget(for: path, &random),
        path: path,
        options: random.element(of: Self.tokenOptions),
        style: random.element(of: styles),
        inBag: random.chance(35)
      )
      if random.chance(15) {
        let held = heldTokens.keys.sorted()
        if held.isEmpty || random.chance(30) {
          if spec.inBag || random.chance(50) {
            spec.effect = .invalidateItself
            spec.style = .passesToken
          } else {
            spec.effect = .dropItself
          }
        } else {
          let other = random.element(of: held)
          spec.effect =
            heldTokens[other] == .list && random.chance(50) ? .drop(token: other) : .invalidate(token: other)
        }
      }
      return .observe(spec)
    case .addObserver:
      let path = randomPath(&random)
      return .addObserver(
        ReliabilityRawSpec(
          observer: random.below(observers.count),
          target: randomTarget(for: path, &random),
          path: path,
          options: KeyValueObservingOptions(rawValue: UInt8(random.below(16))),
          context: random.below(3)
        )
      )
    case .removeObserver:
      let raw = registrations.filter { $0.observer != nil }
      if random.chance(75), !raw.isEmpty {
        let registration = random.element(of: raw)
        if let target = target(of: registration.subject), let slot = observers.firstIndex(of: registration.observer!) {
          let context: ReliabilityContextChoice =
            random.chance(60)
            ? .exactly(registration.context) : random.chance(50) ? .any : .exactly(random.below(3))
          return .removeObserver(observer: slot, target: target, path: registration.path, context)
        }
      }
      let path = randomPath(&random)
      let context: ReliabilityContextChoice = random.chance(30) ? .any : .exactly(random.below(3))
      return .removeObserver(
        observer: random.below(observers.count),
        target: randomTarget(for: path, &random),
        path: path,
        context
      )
    case .invalidate where !heldTokens.isEmpty:
      return .invalidate(token: random.element(of: heldTokens.keys.sorted()))
    case .dropToken where heldTokens.values.contains(.list):
      return .dropToken(random.element(of: heldTokens.filter { $0.value == .list }.keys.sorted()))
    case .emptyBag: return .emptyBag
    case .replaceDocument: return .replaceDocument(slot: slot, ReliabilitySetup.randomDocument(&random))
    case .replaceCell: return .replaceCell(documentSlot: random.chance(80) ? slot : nil)
    case .replaceObserver: return .replaceObserver(slot: random.below(observers.count))
    case .removeTag, .setTag, .invalidate, .dropToken:
      // Not possible now (no tags, no tokens): set a title instead.
      return .setTitle(slot: slot, random.element(of: ReliabilitySetup.titles))
    }
  }
}

extension ReliabilityReferenceModel.Change {
  var isSetting: Bool {
    if case .setting = self { return true }
    return false
  }
}
