// swift-format-ignore-file
// (The snippets are formatted as the articles print them, within the page's 76 columns; the
// check below compares their lines.)
import Dispatch
import Foundation
import Observation
import ObservationToken

/// The DocC articles' snippets (Sources/ObservationToken/ObservationToken.docc), compiled and
/// run, so the articles stay true (the snippets an article quotes from another walkthrough
/// run there). Each enum holds one article's snippets, verbatim; what a
/// snippet leaves to the reader (a model named but not declared) is declared beside it.
/// The package manifest's snippet is the one this target cannot compile.
enum DocCArticles {
  static func run() async {
    page("The DocC articles' examples")
    checkEverySnippetHasItsTwin()
    GettingStarted.run()
    ChainsAndDerivedProperties.run()
    await ThreadingAndDelivery.run()
    MigratingFromKVO.run()
    EventsAndRouting.run()
    await SwiftObservationAndSwiftUI.run()
    MisuseDiagnostics.run()
  }

  /// Checks that every `swift` code block of the articles is here, or in the walkthrough an
  /// article quotes (the view controller, the download cell, the KVO cell, the context trap).
  static func checkEverySnippetHasItsTwin() {
    let catalog = playgroundsFolder.appendingPathComponent("../Sources/ObservationToken/ObservationToken.docc")
    let articles = ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
    check(articles.count > 1, "the articles to be found at \(catalog.path)")
    checkSnippetsHaveTwins(
      in: articles,
      twins: [
        "DocCArticles.swift", "ThreadingWalkthrough.swift", "CellListWalkthrough.swift", "KVOWalkthrough.swift",
        "ContextTrapWalkthrough.swift",
      ],
      naming: "the articles"
    )
  }

  // MARK: - Getting Started

  enum GettingStarted {
    final class Document: KeyValueObservable {
      @Observed var title = "Untitled"
      @Observed var isFavorite = false
      @Observed var tags: [String] = []
      var displayTitle: String { isFavorite ? "★ " + title : title } // derived
    }

    final class DocumentCell {
      var titleText = ""
      var starText = ""
      var subtitle: String?
    }

    final class Note: KeyValueObservable, Codable { @Observed var title = "" }

    static func run() {
      let document = Document()
      var token: ObservationToken? = document.onChange(of: \.title) { oldTitle, newTitle in
        print(oldTitle, "→", newTitle)   // Untitled → Draft
      }
      document.title = "Draft"    // the handler runs now, on this thread
      token = nil                  // no further calls
      check(token == nil, "the token to be released")

      let options: KeyValueObservingOptions = [.initial, .prior]
      let logged = document.observe(\.title, options: options) { _, change in
        if change.isPrior, let oldTitle = change.oldValue { print("about to change from", oldTitle) }
        else if let newTitle = change.newValue { print("now", newTitle) }
      }
      document.title = "Final"
      logged.invalidate()

      var bag = ObservationBag()
      document.onChange(of: \.isFavorite) { _, isFavorite in print(isFavorite) }
        .store(in: &bag)
      bag.removeAll()   // every observation in it has ended
      check(bag.isEmpty, "the bag to be empty after removeAll()")

      let cell = DocumentCell()
      document.bind(\.title, to: cell, \.titleText).store(in: &bag)
      document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }
        .store(in: &bag)
      document.bind(\.displayTitle, to: cell, \.subtitle).store(in: &bag)
      document.isFavorite = true
      check(cell.titleText == "Final" && cell.starText == "★", "the bindings to apply the current value and each change")
      check(cell.subtitle == "★ Final", "a binding of a derived value to an optional target")

      var kinds: [KeyValueChange.Kind] = []
      document.observe(\.tags) { _, change in kinds.append(change.kind) }.store(in: &bag)
      document.$tags.append("swift")   // .insertion at [0], newValue ["swift"]
      document.$tags[0] = "kvo"        // .replacement at [0]
      document.$tags.remove(at: 0)     // .removal at [0], oldValue ["kvo"]
      check(kinds == [.insertion, .replacement, .removal], "projection edits to report their kinds")
      bag.removeAll()

      do {
        let data = Data(#"{"title":"Draft"}"#.utf8)
        let note = try JSONDecoder().decode(Note.self, from: data)
        let json = try JSONEncoder().encode(note)   // {"title":"Draft"}
        check(String(decoding: json, as: UTF8.self) == #"{"title":"Draft"}"#, "Codable to use the property's own name")
      } catch {
        check(false, "the note to decode and encode, got \(error)")
      }
    }
  }

  // MARK: - Chains and Derived Properties

  enum ChainsAndDerivedProperties {
    final class Document: KeyValueObservable {
      @Observed var title = "Untitled"
      @Observed var isFavorite = false
      var displayTitle: String { isFavorite ? "★ " + title : title } // derived
    }

    final class DocumentCell: KeyValueObservable {
      @Observed var document: Document?
    }

    static func run() {
      var chained: [String] = []
      let cell = DocumentCell()
      let first = Document()
      cell.document = first
      let titles = cell.onChange(of: \.document?.title) { _, title in
        print(title ?? "no document")
        chained.append(title ?? "no document")
      }
      first.title = "Draft"           // Draft
      cell.document = Document()      // Untitled
      first.title = "Ignored"         // nothing: the chain left this document
      cell.document = nil             // no document
      check(chained == ["Draft", "Untitled", "no document"], "the chain to follow the replaced document")
      titles.invalidate()

      var derived: [String] = []
      let document = Document()
      let display = document.onChange(of: \.displayTitle) { _, displayTitle in
        print(displayTitle)
        derived.append(displayTitle)
      }
      document.title = "Draft"        // Draft
      document.isFavorite = true      // ★ Draft
      check(derived == ["Draft", "★ Draft"], "the derived property to follow both dependencies")
      display.invalidate()
      plainVarIsNotSeen()
      subscripts()
    }

    final class Greeting: KeyValueObservable {
      @Observed var name = "Ada"
      var punctuation = "."                       // plain: not observed
      var text: String { "Hello, " + name + punctuation }
    }

    static func plainVarIsNotSeen() {
      var printed: [String] = []
      func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
      let greeting = Greeting()
      let shown = greeting.onChange(of: \.text) { oldText, newText in
        print(oldText, "→", newText)
      }
      greeting.punctuation = "!"      // nothing: the change is not seen
      greeting.name = "Grace"         // Hello, Ada. → Hello, Grace!
      Swift.print("a derived property over a plain var printed:", printed)
      check(printed == ["Hello, Ada. → Hello, Grace!"], "the plain var's change unseen, then both values as documented")
      shown.invalidate()
    }

    final class Post: KeyValueObservable {
      @Observed var tags = ["draft", "swift"]
      var secondTag: String? { tags.indices.contains(1) ? tags[1] : nil }
    }

    static func subscripts() {
      var printed: [String] = []
      func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
      let post = Post()
      let second = post.onChange(of: \.$tags[1]) { _, tag in
        print(tag)
      }
      post.$tags.insert("kvo", at: 0)   // draft
      post.tags[1] = "review"         // review
      Swift.print("a subscript in a key path printed:", printed)
      check(printed == ["draft", "review"], "the element at the fixed index to be followed")
      check(post.secondTag == "review" && Post().secondTag == "swift", "the optional element")
      second.invalidate()
    }
  }

  // MARK: - Threading and Delivery

  enum ThreadingAndDelivery {
    typealias DocumentModel = ThreadingWalkthrough.DocumentModel
    typealias DocumentViewController = ThreadingWalkthrough.DocumentViewController

    /// A plain model, not `Sendable`.
    final class Draft: KeyValueObservable {
      @Observed var title = "Untitled"
    }

    final class Note: KeyValueObservable {
      @Observed var title = "Untitled"
    }

    actor TitleLog {
      func follow(_ values: ObservedValues<String>) async {
        for await title in values { print(title) }
      }
    }

    @MainActor
    static func run() async {
      let model = DocumentModel()
      let controller = DocumentViewController(model: model)
      controller.bind()
      check(controller.titleText == "Untitled", "the .initial call to be made before observe returns")
      check(controller.progressLabel.text == "0 %", "the binding to write the current value before bind returns")

      let draft = Draft()
      let saving = model.observe(\.progress, on: DispatchQueue.main) {
        model, change in /* save */
      }

      // Any model, Sendable or not: only the change crosses to the queue.
      let onQueue = draft.observe(\.title, on: DispatchQueue.main) { change in }
      saving.invalidate()
      onQueue.invalidate()

      let note = Note()
      let log = TitleLog()
      let following = Task { await follow(note, log) }
      note.title = "Draft"
      following.cancel()   // cancelling the consuming task ends the observation
      await following.value
    }

    @MainActor
    static func follow(_ note: Note, _ log: TitleLog) async {
      await log.follow(note.values(of: \.title))
    }
  }

  // MARK: - Migrating from KVO

  enum MigratingFromKVO {
    final class Document: KeyValueObservable {
      @Observed var title = "Untitled"
    }

    final class TitleObserver: KeyValueObserving {
      private static let context = KeyValueObservingContext()

      func start(_ document: Document) {
        document.addObserver(self, forKeyPath: \Document.title,
                             options: [.new], context: Self.context)
      }
      func stop(_ document: Document) throws {
        try document.removeObserver(self, forKeyPath: \Document.title,
                                    context: Self.context)
      }
      func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
                        change: KeyValueChange,
                        context: UnsafeMutableRawPointer?) {
        guard Self.context ~= context else { return }   // another class's
        print(change.newValue ?? "–")
      }
    }

    final class DeinitObserver: KeyValueObserving {
      private static let context = KeyValueObservingContext()
      let document: Document

      init(document: Document) {
        self.document = document
        document.addObserver(self, forKeyPath: \Document.title,
                             options: [.new], context: Self.context)
      }
      deinit {
        try? document.removeObserver(self, forKeyPath: \Document.title,
                                     context: Self.context)
      }
      func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
                        change: KeyValueChange,
                        context: UnsafeMutableRawPointer?) {}
    }

    static func run() {
      let document = Document()
      let observer = TitleObserver()
      observer.start(document)
      document.title = "Draft"
      do {
        try observer.stop(document)
        try observer.stop(document)
        check(false, "a second removal to throw")
      } catch {
        print("a second removal throws:", error)
      }

      var deinitObserver: DeinitObserver? = DeinitObserver(document: document)
      check(document.observationDescription.contains("DeinitObserver"), "the observer to be registered")
      deinitObserver = nil
      check(deinitObserver == nil && !document.observationDescription.contains("DeinitObserver"), "removal in deinit")
    }
  }

  // MARK: - Events and Routing

  enum EventsAndRouting {
    final class Downloader {
      private let finishedSender = EventSender<URL>(name: "Downloader.finished")
      var finished: Event<URL> { finishedSender.event }

      // Returns whether anyone heard.
      @discardableResult
      func complete(_ url: URL) -> Bool { finishedSender.send(url) }
    }

    final class Inbox {
      var bag = ObservationBag()
      var received: [URL] = []
      func downloaded(_ url: URL) { received.append(url) }
      func refresh() { }
    }

    final class Poller {
      private(set) var isPolling = false
      private lazy var activitySender = EventSender<Double>(
        name: "Poller.activity",
        onFirstSubscribe: { [weak self] in self?.isPolling = true },
        onLastUnsubscribe: { [weak self] in self?.isPolling = false }
      )
      var activity: Event<Double> { activitySender.event }
      func report(_ progress: Double) { activitySender.send(progress) }
    }

    actor DownloadService {
      private let progressSender =
        SendableEventSender<Int>(name: "DownloadService.progress")
      nonisolated var progress: SendableEvent<Int> { progressSender.event }
      func advance(_ value: Int) { progressSender.send(value) }
    }

    @MainActor final class DownloadsScreen {
      var progressValue = 0
      var bag = ObservationBag()

      func start(following service: DownloadService) {
        service.progress.subscribe(on: MainActor.shared) { [weak self] value in
          self?.progressValue = value
        }.store(in: &bag)
      }
    }

    struct RowDeleted: RoutedEvent { var row: Int }
    struct CurrentAccount: RoutedRequest { typealias Response = String }

    final class RowCell {
      let events = EventNode(name: "RowCell")
      // Returns whether anyone received it.
      @discardableResult
      func deleteTapped(row: Int) -> Bool {
        events.post(RowDeleted(row: row))
      }
    }

    final class ListController {
      let events: EventNode
      init(name: String) { events = EventNode(name: name) }
      // The cell holds its parent weakly.
      func add(_ cell: RowCell) { cell.events.addParent(events) }
    }

    final class ScreenController {
      let events = EventNode(name: "Screen")
      let list = ListController(name: "List")
      var bag = ObservationBag()
      var deleted: [Int] = []

      func deleteRow(_ event: RowDeleted) { deleted.append(event.row) }

      func start() {
        list.events.addParent(events)
        events.subscribe(to: RowDeleted.self, self, ScreenController.deleteRow)
          .store(in: &bag)
        events.answer(CurrentAccount.self) { _ in "alice" }.store(in: &bag)
        // Runs before the list's subscribers: nil stops the event there.
        list.events.intercept(RowDeleted.self) { $0.row < 0 ? nil : $0 }
          .store(in: &bag)
      }
    }

    static func run() {
      let downloader = Downloader()
      let inbox = Inbox()
      let printer = downloader.finished.subscribe { url in print(url) }
      // Target–action, with the parameter and without it:
      downloader.finished.subscribe(inbox, Inbox.downloaded)
        .store(in: &inbox.bag)
      downloader.finished.subscribe(inbox, Inbox.refresh)
        .store(in: &inbox.bag)
      downloader.complete(URL(fileURLWithPath: "/tmp/report.pdf"))
      check(inbox.received.map(\.path) == ["/tmp/report.pdf"], "the inbox to receive the URL")
      printer.invalidate()

      let poller = Poller()
      var pollerBag = ObservationBag()
      poller.activity.subscribe { _ in }.store(in: &pollerBag)
      check(poller.isPolling, "onFirstSubscribe to run with the first subscription")
      poller.report(0.5)
      pollerBag.removeAll()
      check(!poller.isPolling, "onLastUnsubscribe to run the moment the last subscription ends")

      let screen = ScreenController()
      screen.start()
      let cell = RowCell()
      screen.list.add(cell)
      cell.deleteTapped(row: 3)    // screen.deleted == [3]
      cell.deleteTapped(row: -1)   // stopped at the list
      let account: String? = cell.events.request(CurrentAccount())   // "alice"
      check(screen.deleted == [3], "the screen to hear the row and the list to stop -1")
      check(account == "alice", "the request to be answered up the chain")
    }
  }

  // MARK: - Swift Observation and SwiftUI

  struct SwiftObservationAndSwiftUI {
    @MainActor final class PlayerSettings: KeyValueObservable, Observable {
      @Observed var volume = 5
      @Observed var isMuted = false
      var label: String { isMuted ? "muted" : "volume \(volume)" }
    }

    @MainActor final class Cell {
      var text: String?
    }

    @MainActor
    func follow(_ settings: PlayerSettings, cell: Cell,
                bag: inout ObservationBag) async {
      // Tokens: old and new values, at once.
      settings.bind(\.label, to: cell, \.text).store(in: &bag)
      // Observation: each new value.
      for await label in Observations({ settings.label }) {
        print(label)
      }
    }

    // In SwiftUI, `Text(settings.label)` in a view's body redraws when
    // volume or isMuted changes.
    @MainActor
    static func run() async {
      let settings = PlayerSettings()
      let cell = Cell()
      let following = Task { @MainActor in
        var bag = ObservationBag()
        await SwiftObservationAndSwiftUI().follow(settings, cell: cell, bag: &bag)
      }
      for _ in 0..<100 where cell.text == nil { await Task.yield() }
      settings.isMuted = true
      check(cell.text == "muted", "the binding to follow the derived label")
      following.cancel()
    }
  }

  // MARK: - Diagnostics

  enum MisuseDiagnostics {
    final class Document: KeyValueObservable {   // was: final class Document {
      @Observed var title = "Untitled"
    }

    final class TitleScreen {
      var titleText = ""
      var bag = ObservationBag()

      func start(showing document: Document) {
        document.onChange(of: \.title, initial: true) { [weak self] _, title in
          self?.titleText = title
        }.store(in: &bag)
      }
    }

    static func run() {
      let document = Document()
      let token = document.observe(\.title) { _, _ in }
      check(token.isValid, "a conforming class to be observable")
      weakSelf()
    }

    /// A screen keeping its own tokens, with handlers capturing it weakly, is released.
    static func weakSelf() {
      let document = Document()
      weak var released: TitleScreen?
      do {
        let screen = TitleScreen()
        screen.start(showing: document)
        document.title = "Draft"
        check(screen.titleText == "Draft", "the weakly captured screen to be updated")
        released = screen
      }
      check(released == nil, "a screen holding its tokens, captured weakly, to be released")
    }
  }
}
