// swift-format-ignore-file
// (The snippets are formatted as the README prints them; the twin check compares their lines.)
import Foundation
import Observation
import ObservationToken

/// The README's snippets, verbatim, compiled and run (the raw layer's and the KVO
/// bridge's are in ReadmeTour.swift and KVOWalkthrough.swift). What a snippet leaves to
/// the reader — a model named but not declared — is declared beside it.
enum ReadmeSnippets {
  static func run() async {
    page("The README's snippets")
    checkSnippetsHaveTwins(
      in: [playgroundsFolder.appendingPathComponent("../README.md")],
      twins: ["ReadmeSnippets.swift", "ReadmeTour.swift", "KVOWalkthrough.swift"],
      naming: "the README"
    )
    FirstExample.run()
    Tour.run()
    await MainActorTour.run()
    #if compiler(>=6.3)
    AppWithItsOwnEvent.run()
    #endif
  }

  // Module selectors (`::`) came with Swift 6.3's compiler; older ones skip this snippet
  // unparsed, so the walkthroughs build with every Swift the tests run on.
  #if compiler(>=6.3)
  /// Troubleshooting: an app's own `Event` hides the package's; the token class's alias, or
  /// a module selector, names it.
  enum AppWithItsOwnEvent {
    struct Event { var name: String }

    static func run() {
      let sender = ObservationToken.EventSender<URL>(name: "Downloader.finished")
      let finished: ObservationToken.Event<URL> = sender.event
      let selected: ObservationToken::Event<URL> = sender.event
      let appEvent = Event(name: "launch")
      check(
        !finished.debugDescription.isEmpty && !selected.debugDescription.isEmpty && appEvent.name == "launch",
        "both Events usable side by side"
      )
      print("the app's Event and ObservationToken.Event<URL> side by side")
    }
  }
  #endif

  enum FirstExample {
    final class Document: KeyValueObservable {
      @Observed var title = "Untitled"
    }

    static func run() {
      var printed: [String] = []
      func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

      let document = Document()
      var token: ObservationToken? = document.onChange(of: \.title) { oldTitle, newTitle in
        print(oldTitle, "→", newTitle)   // Untitled → Draft
      }
      document.title = "Draft"    // the handler runs now, on this thread
      token = nil                 // no further calls

      document.title = "Final"
      Swift.print("first example printed:", printed)
      check(printed == ["Untitled → Draft"] && token == nil, "one call, none after the token's release")
    }
  }

  enum Tour {
    final class Document: KeyValueObservable {
      @Observed var title = "Untitled"
      @Observed var isFavorite = false
      var displayTitle: String { isFavorite ? "★ " + title : title }
    }

    final class DocumentCell: KeyValueObservable {
      @Observed var document: Document?
      var starText = ""
    }

    final class Label { var text: String? }

    final class Downloader {
      private let finishedSender = EventSender<URL>(name: "Downloader.finished")
      var finished: Event<URL> { finishedSender.event }
      func complete(_ url: URL) { finishedSender.send(url) }
    }

    struct RowDeleted: RoutedEvent { var row: Int }

    final class Row {
      let events = EventNode(name: "Row")
    }

    /// What the snippets print, kept to be checked.
    nonisolated(unsafe) static var printed: [String] = []
    static func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    static func run() {
      observing()
      bindings()
      events()
      routing()
      Swift.print("tour printed:", printed)
    }

    static func observing() {
      let document = Document()
      let cell = DocumentCell()
      cell.document = document
      let t1 = document.onChange(of: \.title, initial: true) { oldTitle, newTitle in print(newTitle) }
      let t2 = cell.observe(\.document?.title) { _, change in }   // follows a replaced document
      let t3 = document.observe(\.displayTitle) { _, change in }  // title or isFavorite
      document.title = "Draft"
      check(printed == ["Untitled", "Draft"], "the .initial call, then the change")
      withExtendedLifetime((t1, t2, t3)) {}
    }

    static func bindings() {
      let document = Document()
      let cell = DocumentCell()
      let label = Label()
      var bag = ObservationBag()
      document.bind(\.title, to: label, \.text).store(in: &bag)
      document.bind(\.isFavorite, to: cell, \.starText) { $0 ? "★" : "☆" }.store(in: &bag)
      document.isFavorite = true
      check(label.text == "Untitled" && cell.starText == "★", "both targets written")
    }

    static func events() {
      var bag = ObservationBag()
      let downloader = Downloader()
      downloader.finished.subscribe { url in print(url) }.store(in: &bag)
      downloader.complete(URL(fileURLWithPath: "/tmp/report.pdf"))
      check(printed.last == "file:///tmp/report.pdf", "the subscriber heard the send")
    }

    static func routing() {
      var bag = ObservationBag()
      let cell = Row()
      let list = Row()
      cell.events.addParent(list.events)
      list.events.subscribe(to: RowDeleted.self) { event in print(event.row) }.store(in: &bag)
      cell.events.post(RowDeleted(row: 3))
      check(printed.last == "3", "the list heard the cell's post")
    }
  }

  @MainActor enum MainActorTour {
    @MainActor final class PlayerSettings: KeyValueObservable, Observable {
      @Observed var volume = 5
    }

    final class Note: KeyValueObservable, @unchecked Sendable {
      @Observed var text = "Draft"
    }

    @MainActor final class TitleViewController {
      final class Model: KeyValueObservable, @unchecked Sendable { @Observed var title = "Untitled" }
      let model = Model()
      var titleText = ""
      var bag = ObservationBag()

      func start() {
        // In a @MainActor view controller: the handler runs on the main actor, whoever sets the title.
        model.observe(\.title, on: MainActor.shared) { [weak self] _, change in
          self?.titleText = change.newValue ?? ""
        }.store(in: &bag)
      }
    }

    static func run() async {
      let settings = PlayerSettings()
      let tracked = Observations { settings.volume }
      var iterator = tracked.makeAsyncIterator()
      let first = await iterator.next()
      check(first == 5, "Swift Observation sees the @Observed property")

      let controller = TitleViewController()
      controller.start()
      await Task.detached { [model = controller.model] in model.title = "Draft" }.value
      await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
      check(controller.titleText == "Draft", "the change made elsewhere reached the main actor")

      let note = Note()
      let titles = note.values(of: \.text)   // for await title in titles { … }
      var titleIterator = titles.makeAsyncIterator()
      let title = await titleIterator.next()
      check(title == "Draft", "the sequence starts with the current value")
      print("main-actor tour: title \(controller.titleText), first value \(title ?? "–")")
    }
  }
}
