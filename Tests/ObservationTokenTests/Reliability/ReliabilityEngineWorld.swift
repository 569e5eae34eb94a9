import ObservationToken

/// The engine side of the model-based test: real documents, cell, observers and tokens,
/// driven by the same operations as the reference model. Every handler writes to `log`.
final class ReliabilityEngineWorld {
  let log = ReliabilityLog()
  private var documents: [ReliabilityDocument] = []
  private var cell: ReliabilityCell
  private var observers: [ReliabilityRawObserver] = []
  /// The tokens held in the test's list: each one's only strong reference.
  private var tokens: [Int: ObservationToken] = [:]
  private var bag = ObservationBag()
  /// The tokens in the bag, which holds the only strong references.
  private var bagTokens: [Int: ReliabilityWeak<ObservationToken>] = [:]
  /// Every token, observed object and observer ever made, weakly.
  private(set) var allTokens: [Int: ReliabilityWeak<ObservationToken>] = [:]
  /// What each token's handler captured.
  private(set) var probes: [Int: ReliabilityWeak<ReliabilityProbe>] = [:]
  private(set) var objects: [Int: ReliabilityWeak<AnyObject>] = [:]
  private var nextSerial: Int

  init(setup: ReliabilitySetup) {
    var serial = 1
    var documents: [ReliabilityDocument] = []
    for values in setup.documents {
      documents.append(
        ReliabilityDocument(serial: serial, title: values.title, isFavorite: values.isFavorite, tags: values.tags)
      )
      serial += 1
    }
    self.documents = documents
    cell = ReliabilityCell(serial: setup.cellSerial, document: setup.cellDocument.map { documents[$0] })
    for slot in 0..<setup.observerCount {
      observers.append(ReliabilityRawObserver(serial: setup.observerSerial(slot), log: log))
    }
    nextSerial = setup.nextSerial
    for object in documents as [any ReliabilityNumbered] + [cell] + observers {
      objects[object.serial] = ReliabilityWeak(object)
    }
  }

  /// Whether each held token reports itself valid.
  var tokenValidity: [Int: Bool] {
    var validity = tokens.mapValues(\.isValid)
    for (token, box) in bagTokens {
      validity[token] = box.object?.isValid
    }
    return validity
  }

  // MARK: - Applying operations

  func apply(_ operation: ReliabilityOperation) {
    switch operation {
    case .setTitle(let slot, let title): documents[slot].title = title
    case .setFavorite(let slot, let value): documents[slot].isFavorite = value
    case .assignTags(let slot, let tags): documents[slot].tags = tags
    case .appendTag(let slot, let tag): documents[slot].$tags.append(tag)
    case .insertTag(let slot, let tag, let index): documents[slot].$tags.insert(tag, at: index)
    case .removeTag(let slot, let index): documents[slot].$tags.remove(at: index)
    case .replaceTags(let slot, let bounds, let tags): documents[slot].$tags.replaceSubrange(bounds, with: tags)
    case .setTag(let slot, let index, let tag): documents[slot].$tags[index] = tag
    case .removeAllTags(let slot): documents[slot].$tags.removeAll()
    case .appendTags(let slot, let tags): documents[slot].$tags.append(contentsOf: tags)
    case .setCellDocument(let slot): cell.document = slot.map { documents[$0] }
    case .observe(let spec): observe(spec)
    case .addObserver(let spec): addObserver(spec)
    case .removeObserver(let slot, let target, let path, let context):
      removeObserver(observers[slot], target: target, path: path, context: context)
    case .invalidate(let token):
      (tokens[token] ?? bagTokens[token]?.object)?.invalidate()
    case .dropToken(let token):
      tokens[token] = nil
    case .emptyBag:
      bag.removeAll()
      bagTokens.removeAll()
    case .replaceDocument(let slot, let values):
      let document = ReliabilityDocument(
        serial: makeSerial(),
        title: values.title,
        isFavorite: values.isFavorite,
        tags: values.tags
      )
      objects[document.serial] = ReliabilityWeak(document)
      documents[slot] = document
    case .replaceCell(let slot):
      cell = ReliabilityCell(serial: makeSerial(), document: slot.map { documents[$0] })
      objects[cell.serial] = ReliabilityWeak(cell)
    case .replaceObserver(let slot):
      observers[slot] = ReliabilityRawObserver(serial: makeSerial(), log: log)
      objects[observers[slot].serial] = ReliabilityWeak(observers[slot])
    }
  }

  private func makeSerial() -> Int {
    defer { nextSerial += 1 }
    return nextSerial
  }

  private func document(_ target: ReliabilityTarget) -> ReliabilityDocument {
    guard case .document(let slot) = target else { preconditionFailure("\(target) is not a document") }
    return documents[slot]
  }

  // MARK: Tokens

  private func observe(_ spec: ReliabilityTokenSpec) {
    let probe = ReliabilityProbe()
    probes[spec.token] = ReliabilityWeak(probe)
    let token: ObservationToken
    switch spec.path {
    case .title: token = observeEquatable(document(spec.target), \.title, spec, probe)
    case .isFavorite: token = observeEquatable(document(spec.target), \.isFavorite, spec, probe)
    case .tags: token = observeEquatable(document(spec.target), \.tags, spec, probe)
    case .displayTitle: token = observeEquatable(document(spec.target), \.displayTitle, spec, probe)
    case .tagList: token = observeEquatable(document(spec.target), \.tagList, spec, probe)
    case .tagCount: token = observeEquatable(document(spec.target), \.tagCount, spec, probe)
    case .summary: token = observeEquatable(document(spec.target), \.summary, spec, probe)
    case .document: token = observeAny(cell, \.document, spec, probe)
    case .chainTitle: token = observeEquatable(cell, \.document?.title, spec, probe)
    case .chainTags: token = observeEquatable(cell, \.document?.tags, spec, probe)
    case .chainDisplayTitle: token = observeEquatable(cell, \.document?.displayTitle, spec, probe)
    }
    allTokens[spec.token] = ReliabilityWeak(token)
    if spec.inBag {
      token.store(in: &bag)
      bagTokens[spec.token] = ReliabilityWeak(token)
    } else {
      tokens[spec.token] = token
    }
  }

  private func observeEquatable<Root: KeyValueObservable & ReliabilityNumbered, Value: Equatable>(
    _ root: Root,
    _ keyPath: KeyPath<Root, Value>,
    _ spec: ReliabilityTokenSpec,
    _ probe: ReliabilityProbe
  ) -> ObservationToken {
    guard case .removingDuplicates(let removes) = spec.style else { return observeAny(root, keyPath, spec, probe) }
    let log = log
    let receiver = "t\(spec.token)"
    let effect = effect(of: spec)
    return root.observe(keyPath, options: spec.options, removingDuplicates: removes) { subject, change in
      withExtendedLifetime(probe) {}
      log.record(receiver, subject: subject.serial, change)
      effect(nil)
    }
  }

  /// What the handler of `spec` does after logging a call; receives the handler's token
  /// when it is passed one.
  private func effect(of spec: ReliabilityTokenSpec) -> (ObservationToken?) -> Void {
    guard let effect = spec.effect else { return { _ in } }
    let ownNumber = spec.token
    return { [weak self] own in
      guard let self else { return }
      switch effect {
      case .invalidate(let other): (tokens[other] ?? bagTokens[other]?.object)?.invalidate()
      case .drop(let other): tokens[other] = nil
      case .invalidateItself: own?.invalidate()
      case .dropItself: tokens[ownNumber] = nil
      }
    }
  }

  private func observeAny<Root: KeyValueObservable & ReliabilityNumbered, Value>(
    _ root: Root,
    _ keyPath: KeyPath<Root, Value>,
    _ spec: ReliabilityTokenSpec,
    _ probe: ReliabilityProbe
  ) -> ObservationToken {
    let log = log
    let receiver = "t\(spec.token)"
    let effect = effect(of: spec)
    guard spec.style == .passesToken else {
      return root.observe(keyPath, options: spec.options) { subject, change in
        withExtendedLifetime(probe) {}
        log.record(receiver, subject: subject.serial, change)
        effect(nil)
      }
    }
    return root.observe(keyPath, options: spec.options) { subject, change, token in
      withExtendedLifetime(probe) {}
      log.record(receiver, subject: subject.serial, change)
      if !token.isValid {
        log.entries.append(
          ReliabilityNotification(receiver: receiver + " called while invalid", subject: subject.serial)
        )
      }
      effect(token)
    }
  }

  // MARK: Raw observers

  private func addObserver(_ spec: ReliabilityRawSpec) {
    let observer = observers[spec.observer]
    let context = ReliabilityContexts.pointer(spec.context)
    let options = spec.options
    switch spec.path {
    case .title: document(spec.target).addObserver(observer, forKeyPath: \.title, options: options, context: context)
    case .isFavorite:
      document(spec.target).addObserver(observer, forKeyPath: \.isFavorite, options: options, context: context)
    case .tags: document(spec.target).addObserver(observer, forKeyPath: \.tags, options: options, context: context)
    case .displayTitle:
      document(spec.target).addObserver(observer, forKeyPath: \.displayTitle, options: options, context: context)
    case .tagList:
      document(spec.target).addObserver(observer, forKeyPath: \.tagList, options: options, context: context)
    case .tagCount:
      document(spec.target).addObserver(observer, forKeyPath: \.tagCount, options: options, context: context)
    case .summary:
      document(spec.target).addObserver(observer, forKeyPath: \.summary, options: options, context: context)
    case .document: cell.addObserver(observer, forKeyPath: \.document, options: options, context: context)
    case .chainTitle: cell.addObserver(observer, forKeyPath: \.document?.title, options: options, context: context)
    case .chainTags: cell.addObserver(observer, forKeyPath: \.document?.tags, options: options, context: context)
    case .chainDisplayTitle:
      cell.addObserver(observer, forKeyPath: \.document?.displayTitle, options: options, context: context)
    }
  }

  private func removeObserver(
    _ observer: ReliabilityRawObserver,
    target: ReliabilityTarget,
    path: ReliabilityPath,
    context: ReliabilityContextChoice
  ) {
    let subject: any ReliabilityNumbered = path.isOnCell ? cell : document(target)
    do throws(KeyValueObservingError) {
      switch path {
      case .title: try remove(observer, from: document(target), \.title, context)
      case .isFavorite: try remove(observer, from: document(target), \.isFavorite, context)
      case .tags: try remove(observer, from: document(target), \.tags, context)
      case .displayTitle: try remove(observer, from: document(target), \.displayTitle, context)
      case .tagList: try remove(observer, from: document(target), \.tagList, context)
      case .tagCount: try remove(observer, from: document(target), \.tagCount, context)
      case .summary: try remove(observer, from: document(target), \.summary, context)
      case .document: try remove(observer, from: cell, \.document, context)
      case .chainTitle: try remove(observer, from: cell, \.document?.title, context)
      case .chainTags: try remove(observer, from: cell, \.document?.tags, context)
      case .chainDisplayTitle: try remove(observer, from: cell, \.document?.displayTitle, context)
      }
      log.entries.append(ReliabilityNotification(receiver: "removeObserver", subject: subject.serial, new: "removed"))
    } catch {
      // The error names the observer's type and the context asked for.
      let expectedContext: String? =
        switch context {
        case .any: nil
        case .exactly(let index): ReliabilityContexts.pointer(index).map { String(describing: $0) } ?? "nil"
        }
      var outcome = "\(error)"
      if case .notRegistered(let observerType, _, let errorContext) = error,
        observerType == "ReliabilityRawObserver", errorContext == expectedContext
      {
        outcome = "notRegistered"
      }
      log.entries.append(ReliabilityNotification(receiver: "removeObserver", subject: subject.serial, new: outcome))
    }
  }

  private func remove<Root: KeyValueObservable, Value>(
    _ observer: ReliabilityRawObserver,
    from root: Root,
    _ keyPath: KeyPath<Root, Value>,
    _ context: ReliabilityContextChoice
  ) throws(KeyValueObservingError) {
    switch context {
    case .any: try root.removeObserver(observer, forKeyPath: keyPath)
    case .exactly(let index):
      try root.removeObserver(observer, forKeyPath: keyPath, context: ReliabilityContexts.pointer(index))
    }
  }
}
