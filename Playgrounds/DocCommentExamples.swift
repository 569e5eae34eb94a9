import Dispatch
import Foundation
import ObservationToken
import Synchronization

/// The doc comments' examples of delivery on a queue and on the main actor, written as a
/// Swift 6 app writes them: views are `@MainActor`, as UIKit's are. Each example below is
/// its doc comment's, verbatim; CI compiles and runs them, so they stay true.
///
/// A queue handler is `@Sendable` and isolated to no actor, even on `DispatchQueue.main`:
/// it does the queue's work (saving, indexing, archiving). Views are set from handlers and
/// bindings on `MainActor.shared`.
enum DocCommentExamples {
  // MARK: What the examples name

  /// UIKit's label and button, reduced to what the examples use: main-actor isolated,
  /// their text optional.
  @MainActor
  final class UILabel {
    var text: String?
  }

  @MainActor
  final class UIButton {
    var title: String?
  }

  /// An app's view model: main-actor isolated, and so `Sendable`.
  @MainActor
  final class DocumentModel: KeyValueObservable {
    @Observed var title = "Untitled"
    @Observed var progress = 0
  }

  /// A plain model, not `Sendable`.
  final class Document: KeyValueObservable {
    @Observed var title = "Untitled"
    @Observed var isFavorite = false
  }

  /// Keeps what it is given, from any thread: the kind of `Sendable` store a queue
  /// handler hands its work to.
  final class Store<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    var all: [Element] { elements.withLock { $0 } }

    func keep(_ element: Element) {
      elements.withLock { $0.append(element) }
    }
  }

  final class Autosave: Sendable {
    let saved = Store<Int>()
    func record(progress: Int) { saved.keep(progress) }
  }

  final class SearchIndex: Sendable {
    let titles = Store<String>()
    func update(title: String) { titles.keep(title) }
  }

  final class Archive: Sendable {
    let urls = Store<URL>()
    func add(_ url: URL) { urls.keep(url) }
  }

  final class Downloader {
    private let finishedSender = EventSender<URL>(name: "Downloader.finished")
    var finished: Event<URL> { finishedSender.event }
    func complete(_ url: URL) { finishedSender.send(url) }
    var isHeard: Bool { finishedSender.hasSubscribers }
  }

  // MARK: observe(_:options:on:file:line:changeHandler:), the subject and its change

  /// A `Sendable` model observed on a queue: queue work.
  @MainActor
  static func observeModelOnQueue(_ model: DocumentModel, saveQueue: DispatchQueue, autosave: Autosave)
    -> ObservationToken
  {
    let token = model.observe(\.progress, on: saveQueue) { model, change in
      autosave.record(progress: change.newValue!)  // a Sendable store, on its queue
    }
    return token
  }

  /// The same model on the main actor: a view controller sets its label.
  @MainActor final class DocumentViewController {
    let model: DocumentModel  // a @MainActor KeyValueObservable class
    let titleLabel = UILabel()
    var bag = ObservationBag()
    func bind() {
      model.observe(\.title, options: [.initial], on: MainActor.shared) { [weak self] _, change in
        self?.titleLabel.text = change.newValue
      }.store(in: &bag)
    }

    init(model: DocumentModel) {
      self.model = model
    }
  }

  // MARK: observe(_:options:on:file:line:changeHandler:), the change only

  /// Any model observed on a queue: queue work.
  static func observeChangeOnQueue(_ document: Document, indexQueue: DispatchQueue, searchIndex: SearchIndex)
    -> ObservationToken
  {
    let token = document.observe(\.title, on: indexQueue) { change in
      searchIndex.update(title: change.newValue!)  // a Sendable index, on its queue
    }
    return token
  }

  /// Any model on the main actor: a view sets its label.
  @MainActor final class TitleView {
    let titleLabel = UILabel()
    var bag = ObservationBag()

    func show(_ document: Document) {
      document.observe(\.title, on: MainActor.shared) { [weak self] change in
        self?.titleLabel.text = change.newValue
      }.store(in: &bag)
    }
  }

  // MARK: Event.subscribe(on:file:line:_:)

  /// An event on a queue: queue work.
  static func subscribeOnQueue(_ downloader: Downloader, archiveQueue: DispatchQueue, archive: Archive)
    -> ObservationToken
  {
    let token = downloader.finished.subscribe(on: archiveQueue) { url in
      archive.add(url)  // a Sendable archive, on its queue
    }
    return token
  }

  /// An event on the main actor: a status bar sets its label.
  @MainActor final class StatusBar {
    let statusLabel = UILabel()
    var bag = ObservationBag()

    func show(_ url: URL) {
      statusLabel.text = "Next: \(url.lastPathComponent)"
    }

    func follow(_ downloader: Downloader) {
      downloader.finished.subscribe(on: MainActor.shared) { [weak self] url in
        self?.statusLabel.text = "Downloaded \(url.lastPathComponent)"
      }.store(in: &bag)
    }
  }

  // MARK: bind(_:to:_:on:delivery:file:line:)

  /// Bindings written on the main actor: a label's optional text, and a button's title
  /// through a transform.
  @MainActor final class DocumentDetailController {
    let titleLabel = UILabel()
    let starButton = UIButton()
    var bag = ObservationBag()
    func show(_ document: Document) {
      document.bind(\.title, to: titleLabel, \.text, on: MainActor.shared).store(in: &bag)
      document.bind(\.isFavorite, to: starButton, \.title, on: MainActor.shared) { $0 ? "★" : "☆" }
        .store(in: &bag)
    }
  }

  // MARK: Event.subscribeOnce(_:file:line:), awaited instead

  /// The next value, awaited from main-actor code: the loop subscribes, and leaving it ends
  /// the subscription.
  @MainActor final class DownloadWaiter {
    let statusBar = StatusBar()

    func showNext(of downloader: Downloader) async {
      for await url in downloader.finished.values {
        statusBar.show(url)  // the next URL sent
        break
      }
    }
  }

  // MARK: Running them

  @MainActor
  static func run() async {
    page("The doc comments' examples: queues do queue work, views are set on the main actor")
    let model = DocumentModel()
    let saveQueue = DispatchQueue(label: "save")
    let autosave = Autosave()
    let saving = observeModelOnQueue(model, saveQueue: saveQueue, autosave: autosave)
    let controller = DocumentViewController(model: model)
    controller.bind()
    check(controller.titleLabel.text == "Untitled", "the .initial call before observe returns")
    model.progress = 40
    model.title = "Draft"

    let document = Document()
    let indexQueue = DispatchQueue(label: "index")
    let searchIndex = SearchIndex()
    let indexing = observeChangeOnQueue(document, indexQueue: indexQueue, searchIndex: searchIndex)
    let titleView = TitleView()
    titleView.show(document)
    let detail = DocumentDetailController()
    detail.show(document)
    check(detail.titleLabel.text == "Untitled" && detail.starButton.title == "☆", "bindings applied at once")
    document.title = "Notes"
    document.isFavorite = true

    let downloader = Downloader()
    let archiveQueue = DispatchQueue(label: "archive")
    let archive = Archive()
    let archiving = subscribeOnQueue(downloader, archiveQueue: archiveQueue, archive: archive)
    let statusBar = StatusBar()
    statusBar.follow(downloader)
    downloader.complete(URL(fileURLWithPath: "/tmp/report.pdf"))

    for queue in [saveQueue, indexQueue, archiveQueue] { queue.sync {} }
    await mainQueueTurn()
    print("saved:", autosave.saved.all, "— indexed:", searchIndex.titles.all, "— archived:", archive.urls.all.count)
    print(
      "views:",
      controller.titleLabel.text ?? "nil",
      titleView.titleLabel.text ?? "nil",
      detail.titleLabel.text ?? "nil",
      detail.starButton.title ?? "nil",
      statusBar.statusLabel.text ?? "nil"
    )
    check(autosave.saved.all == [40] && searchIndex.titles.all == ["Notes"], "queue work done on its queue")
    check(archive.urls.all.count == 1, "the download archived")
    check(controller.titleLabel.text == "Draft" && titleView.titleLabel.text == "Notes", "labels set on the main actor")
    check(detail.titleLabel.text == "Notes" && detail.starButton.title == "★", "bindings written on the main actor")
    check(statusBar.statusLabel.text == "Downloaded report.pdf", "the status bar set on the main actor")
    for token in [saving, indexing, archiving] { token.invalidate() }

    statusBar.bag.removeAll()
    let waiter = DownloadWaiter()
    let waiting = Task { await waiter.showNext(of: downloader) }
    while !downloader.isHeard { await Task.yield() }
    downloader.complete(URL(fileURLWithPath: "/tmp/next.pdf"))
    await waiting.value
    check(waiter.statusBar.statusLabel.text == "Next: next.pdf", "the awaited value shown, from main-actor code")
    check(!downloader.isHeard, "leaving the loop to end the subscription")
  }

  /// Lets the main queue run what was queued on it.
  @MainActor
  private static func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
