// swift-format-ignore-file
// (The DocC articles quote lines of this walkthrough as they print them, within the page's 76
// columns; DocCArticles' twin check compares their lines.)
import Dispatch
import ObservationToken

/// Delivery across isolation, as the README's Threading section shows it: a main-actor
/// view controller, queue delivery, and an actor consuming an async sequence that plain
/// nonisolated code handed it — with no `@unchecked` and no `nonisolated(unsafe)`.
enum ThreadingWalkthrough {
  /// An app's view model: confined to the main actor, and so `Sendable`.
  @MainActor
  final class DocumentModel: KeyValueObservable {
    @Observed var title = "Untitled"
    @Observed var progress = 0
  }

  /// A view, main-actor isolated as UIKit's are; its text optional, as `UILabel.text` is.
  @MainActor
  final class Label {
    var text: String?
  }

  @MainActor
  final class DocumentViewController {
    let model: DocumentModel
    let progressLabel = Label()
    var titleText = ""
    var bag = ObservationBag()

    init(model: DocumentModel) {
      self.model = model
    }

    func bind() {
      model.observe(\.title, options: [.initial], on: MainActor.shared) {
        [weak self] _, change in
        self?.titleText = change.newValue ?? ""
      }.store(in: &bag)
      // Written on the main actor, whichever thread changes the model.
      model.bind(\.progress, to: progressLabel, \.text,
                 on: MainActor.shared) { "\($0) %" }.store(in: &bag)
    }
  }

  /// A plain, nonisolated model: not `Sendable`, so it stays where it was made.
  final class Note: KeyValueObservable {
    @Observed var text = ""
  }

  /// An actor that follows a sequence of titles; the sequence, not the model, crosses.
  actor TitleLog {
    private(set) var titles: [String] = []

    func follow(_ values: ObservedValues<String>, count: Int) async {
      for await title in values {
        titles.append(title)
        if titles.count == count { break }
      }
    }
  }

  @MainActor
  static func run() async {
    page("Threading: the main actor, a queue, an actor")
    let model = DocumentModel()
    let controller = DocumentViewController(model: model)
    controller.bind()
    // Bound from the main actor: the .initial call has been made already, as KVO's would.
    print("right after bind() the view controller shows:", controller.titleText)
    check(controller.titleText == "Untitled", "the .initial call to be made before observe returns")
    check(controller.progressLabel.text == "0 %", "the binding's current value to be written before bind returns")
    var progress: [Int] = []
    let token = model.observe(\.progress, on: DispatchQueue.main) { _, change in
      MainActor.assumeIsolated { progress.append(change.newValue!) }
    }
    model.title = "Draft"
    model.progress = 50
    model.progress = 100
    await mainQueueTurn()
    print("view controller shows:", controller.titleText, "— progress calls:", progress)
    check(controller.titleText == "Draft" && progress == [50, 100], "main-actor and queue delivery in order")
    check(controller.progressLabel.text == "100 %", "the binding to write each change on the main actor")
    token.invalidate()

    // Any model, Sendable or not: only the change crosses to the queue.
    let draft = PlainDraft()
    var drafts: [String] = []
    let onQueue = draft.observe(\.title, on: DispatchQueue.main) { change in
      MainActor.assumeIsolated { drafts.append(change.newValue!) }
    }
    draft.title = "Draft 2"
    await mainQueueTurn()
    print("a plain model's change, delivered on the main queue:", drafts)
    check(drafts == ["Draft 2"], "a plain model's change to cross to the queue")
    onQueue.invalidate()

    let note = Note()
    let log = TitleLog()
    let values = note.values(of: \.text, bufferingPolicy: .unbounded)
    note.text = "first"
    note.text = "second"
    await log.follow(values, count: 3)
    let titles = await log.titles
    print("the actor followed:", titles)
    check(titles == ["", "first", "second"], "the actor to receive every value in order")
  }

  /// Lets the main queue run what was queued on it.
  @MainActor
  private static func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}

/// A model as most apps write one: a plain class, not `Sendable`.
final class PlainDraft: KeyValueObservable {
  @Observed var title = "Untitled"
}
