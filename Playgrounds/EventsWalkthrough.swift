import Dispatch
import Foundation
import ObservationToken

/// Events, as the README's Events section shows them: a downloader that announces each
/// finished download and reports its activity only while someone listens, an inbox that
/// subscribes with its own methods, a main-actor status bar, and an async sequence.
enum EventsWalkthrough {
  /// Only the downloader sends; the world sees `finished` and `activity`.
  final class Downloader {
    private let finishedSender = EventSender<URL>(name: "Downloader.finished")
    /// Progress of the transfer. The downloader polls for it only while someone listens:
    /// the first subscription starts polling, the end of the last one stops it. (`lazy`,
    /// so that its callbacks may refer to `self`.)
    private lazy var activitySender = EventSender<Double>(
      name: "Downloader.activity",
      onFirstSubscribe: { [weak self] in self?.startPolling() },
      onLastUnsubscribe: { [weak self] in self?.stopPolling() }
    )
    private(set) var isPolling = false

    var finished: Event<URL> { finishedSender.event }
    var activity: Event<Double> { activitySender.event }

    /// Announces a finished download; returns whether any subscriber heard it.
    @discardableResult
    func complete(_ url: URL) -> Bool { finishedSender.send(url) }

    /// One turn of the simulated poll: reports progress, if anyone listens.
    func poll(progress: Double) {
      guard isPolling else { return }
      let heard = activitySender.send(progress)
      print("  poll \(progress): heard by anyone: \(heard)")
    }

    private func startPolling() {
      isPolling = true
      print("  onFirstSubscribe → start polling")
    }

    private func stopPolling() {
      isPolling = false
      print("  onLastUnsubscribe → stop polling")
    }
  }

  /// A target–action subscriber: its methods are the handlers, its bag keeps the tokens.
  final class Inbox {
    var bag = ObservationBag()
    private(set) var received: [String] = []
    private(set) var refreshes = 0
    private(set) var progress: [Double] = []

    func downloaded(_ url: URL) {
      received.append(url.lastPathComponent)
      print("  Inbox.downloaded(\(url.lastPathComponent))")
    }

    func refresh() {
      refreshes += 1
      print("  Inbox.refresh()")
    }

    func show(progress: Double) {
      self.progress.append(progress)
    }

    deinit {
      print("  (inbox released)")
    }
  }

  /// A main-actor view: handlers run on the main actor whichever thread sends.
  @MainActor
  final class StatusBar {
    private(set) var text = "Idle"
    private(set) var history: [String] = []
    var bag = ObservationBag()

    func follow(_ downloader: Downloader) {
      downloader.finished.subscribe(on: MainActor.shared) { [weak self] url in
        self?.text = "Downloaded \(url.lastPathComponent)"
        self?.history.append(url.lastPathComponent)
      }.store(in: &bag)
    }
  }

  static let report = URL(string: "https://example.com/report.pdf")!
  static let photos = URL(string: "https://example.com/photos.zip")!
  static let notes = URL(string: "https://example.com/notes.txt")!

  @MainActor
  static func run() async {
    page("Events: a downloader and an inbox")
    let downloader = Downloader()
    subscribers(downloader)
    firstAndLast(downloader)
    await mainActorDelivery(downloader)
    await asyncValues(downloader)
    senderSide()
    await endingEverything()
  }

  /// A closure and target–action subscribers, in subscription order; what `send` returns.
  @MainActor
  private static func subscribers(_ downloader: Downloader) {
    let nobody = downloader.complete(report)
    print("sent before anyone subscribed — heard:", nobody)
    check(!nobody, "a send with no subscribers to report false")

    var log: [String] = []
    let token = downloader.finished.subscribe { url in
      log.append(url.lastPathComponent)
      print("  closure: \(url.lastPathComponent)")
    }
    let inbox = Inbox()
    downloader.finished.subscribe(inbox, Inbox.downloaded).store(in: &inbox.bag)  // with the parameter
    downloader.finished.subscribe(inbox, Inbox.refresh).store(in: &inbox.bag)  // without it
    print(downloader.finished.debugDescription)

    let heard = downloader.complete(photos)
    print("sent photos.zip — heard:", heard)
    check(heard && log == ["photos.zip"], "the closure to hear the send")
    check(inbox.received == ["photos.zip"] && inbox.refreshes == 1, "both target–actions to run")

    token.invalidate()
    inbox.bag.removeAll()
    check(!token.isValid && !downloader.complete(notes), "nobody to hear once every token ended")
  }

  /// The first subscription starts work and the end of the last one stops it — at once,
  /// also when a target that owns its token is released.
  @MainActor
  private static func firstAndLast(_ downloader: Downloader) {
    print("\nactivity: the first subscriber starts polling, the last one's end stops it")
    check(!downloader.isPolling, "no polling before anyone listens")
    var seen: [Double] = []
    let watcher = downloader.activity.subscribe { seen.append($0) }
    check(downloader.isPolling, "the first subscription to start polling")
    var inbox: Inbox? = Inbox()
    downloader.activity.subscribe(inbox!, Inbox.show(progress:)).store(in: &inbox!.bag)
    downloader.poll(progress: 0.25)
    check(seen == [0.25] && inbox?.progress == [0.25], "both subscribers to get progress")

    watcher.invalidate()
    check(downloader.isPolling, "polling to go on while the inbox listens")
    print("releasing the inbox, which owns its token:")
    inbox = nil
    check(!downloader.isPolling, "the target's release to stop polling at once")

    print("a target–action token kept elsewhere than its target:")
    let elsewhere: ObservationToken
    do {
      let shortLived = Inbox()
      elsewhere = downloader.activity.subscribe(shortLived, Inbox.show(progress:))
      withExtendedLifetime(shortLived) { downloader.poll(progress: 0.5) }
    }
    withExtendedLifetime(elsewhere) {
      print("  target gone, token valid: \(elsewhere.isValid), still polling: \(downloader.isPolling)")
      check(downloader.isPolling, "the subscription to count until the next send")
      downloader.poll(progress: 0.75)  // finds the target gone and ends the subscription
      check(!downloader.isPolling, "the next send to end it, and stop polling")
    }

    print("a one-shot subscription: the next value only, and its end stops polling as the call begins")
    var bag = ObservationBag()
    downloader.activity.subscribeOnce { progress in
      print("first progress:", progress)
    }.store(in: &bag)
    check(downloader.isPolling, "a one-shot subscription to count as a subscriber")
    downloader.poll(progress: 0.9)
    check(!downloader.isPolling && !bag.isEmpty, "its one call to end it, with its token still in the bag")
  }

  /// `subscribe(on: MainActor.shared)`: calls are queued on the main queue in send order.
  @MainActor
  private static func mainActorDelivery(_ downloader: Downloader) async {
    print("\nthe main actor and a queue: calls queued in send order")
    let statusBar = StatusBar()
    statusBar.follow(downloader)
    var queued: [String] = []
    let onQueue = downloader.finished.subscribe(on: DispatchQueue.main) { url in
      MainActor.assumeIsolated { queued.append(url.lastPathComponent) }  // the main queue runs on the main actor
    }
    print(downloader.finished.debugDescription)
    downloader.complete(report)
    downloader.complete(photos)
    print("  right after the sends the status bar shows: \(statusBar.text)")
    check(statusBar.text == "Idle", "main-actor calls to be queued, not run during the send")
    await mainQueueTurn()
    print("  after a turn of the main queue: \(statusBar.text) — calls: \(statusBar.history)")
    check(statusBar.history == ["report.pdf", "photos.zip"], "both calls to run, in send order")
    print("  and on DispatchQueue.main: \(queued)")
    check(queued == ["report.pdf", "photos.zip"], "queue delivery in send order")
    statusBar.bag.removeAll()
    onQueue.invalidate()
  }

  /// `values`: the sends from the moment the sequence is made, none dropped.
  @MainActor
  private static func asyncValues(_ downloader: Downloader) async {
    print("\nvalues: an async sequence of what is sent")
    var names: [String] = []
    do {
      let urls = downloader.finished.values
      downloader.complete(report)
      downloader.complete(notes)
      print(downloader.finished.debugDescription)
      for await url in urls {
        names.append(url.lastPathComponent)
        if names.count == 2 { break }
      }
    }
    print("  for await received:", names)
    check(names == ["report.pdf", "notes.txt"], "every value, in order")
    check(!downloader.complete(report), "the dropped sequence to end its subscription")
  }

  /// The contract's owner-side calls on a plain sender.
  @MainActor
  private static func senderSide() {
    print("\nthe owner's side: send, hasSubscribers, removeAllSubscriptions")
    var transitions: [String] = []
    let sender = EventSender<Int>(
      onFirstSubscribe: { transitions.append("first") },
      onLastUnsubscribe: { transitions.append("last") }
    )
    let a = sender.event.subscribe { _ in }
    let b = sender.event.subscribe { _ in }
    let reachedAnyone: Bool = sender.send(1)
    check(reachedAnyone && sender.hasSubscribers, "the send to reach the subscribers")
    sender.removeAllSubscriptions()
    print("  transitions: \(transitions), tokens valid: \(a.isValid), \(b.isValid)")
    check(transitions == ["first", "last"] && !a.isValid && !b.isValid, "one last transition, tokens invalid")
    check(!sender.hasSubscribers && !sender.send(2), "nobody left to hear")
    print(sender.debugDescription)
  }

  /// Ending everything: `removeAllSubscriptions()` ends every subscription as invalidating
  /// its token would, queued calls included; releasing the sender ends them too, without
  /// `onLastUnsubscribe`.
  @MainActor
  private static func endingEverything() async {
    print("\nending everything: queued calls end with their subscriptions; a released sender says nothing")
    var lasts = 0
    var sender: EventSender<String>? = EventSender(name: "Status.changed", onLastUnsubscribe: { lasts += 1 })
    let statusBar = StatusBar()
    var shown: [String] = []
    sender!.event.subscribe(on: MainActor.shared) { shown.append($0) }.store(in: &statusBar.bag)
    sender!.send("queued before removeAllSubscriptions")
    sender!.removeAllSubscriptions()
    await mainQueueTurn()
    print("  main-actor calls after removeAllSubscriptions: \(shown)")
    check(shown.isEmpty && lasts == 1, "the queued call to be dropped, and one last transition")

    let token = sender!.event.subscribe { _ in }
    sender = nil
    print("  sender released: token valid: \(token.isValid), onLastUnsubscribe calls: \(lasts)")
    check(!token.isValid && lasts == 1, "releasing the sender to end the subscription silently")
  }

  /// Lets the main queue run what was queued on it.
  @MainActor
  private static func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}

/// Which subscribe to use from where: an event that stays in its owner's isolation domain,
/// and one an actor owns and shares with the others; then the rules users trip on.
extension EventsWalkthrough {
  /// The download service: an actor owns the sender and shares the event.
  actor DownloadService {
    private let progressSender = SendableEventSender<Int>(name: "DownloadService.progress")
    nonisolated var progress: SendableEvent<Int> { progressSender.event }
    func advance(_ value: Int) { progressSender.send(value) }
  }

  /// A main-actor view, as `UIProgressView` is.
  @MainActor
  final class ProgressView {
    var value = 0
  }

  /// A screen that follows its own model's event, and an actor's.
  @MainActor
  final class DownloadsScreen {
    let downloader = Downloader()  // its own model: same isolation domain
    let progressView = ProgressView()
    var finishedCount = 0
    var bag = ObservationBag()

    func start(following service: DownloadService) {
      // Its own model's Event: the one-line closure may touch main-actor state.
      downloader.finished.subscribe { _ in self.finishedCount += 1 }.store(in: &bag)
      // An actor's SendableEvent: main-actor work is delivered on MainActor.shared.
      service.progress.subscribe(on: MainActor.shared) { [weak self] value in
        self?.progressView.value = value
      }.store(in: &bag)
    }
  }

  @MainActor
  static func isolation() async {
    page("Events across isolation domains: an actor owns an event")
    let service = DownloadService()
    let screen = DownloadsScreen()
    screen.start(following: service)
    screen.downloader.complete(report)
    check(screen.finishedCount == 1, "the screen's own model to call its closure at once")
    let sendableLog = DocCommentExamples.Store<Int>()  // keeps values from any thread
    let logged = service.progress.subscribe { value in sendableLog.keep(value) }  // @Sendable: runs on the actor
    for value in [25, 50, 100] { await service.advance(value) }
    check(sendableLog.all == [25, 50, 100], "the Sendable handler to run during each send, on the actor")
    await mainQueueTurn()
    print("  progress view after the actor's sends: \(screen.progressView.value)")
    check(screen.progressView.value == 100, "the main-actor handler to see every value, in send order")
    let archiveQueue = DispatchQueue(label: "archive")
    let archive = DocCommentExamples.Store<Int>()
    let archived = service.progress.subscribe(on: archiveQueue) { value in archive.keep(value) }
    await service.advance(5)
    archiveQueue.sync {}
    check(archive.all == [5], "the queue handler to run on its queue")
    print(service.progress.debugDescription)
    archived.invalidate()
    let progressValues = service.progress.values
    await service.advance(200)
    for await value in progressValues {
      print("  for await received \(value)")
      break
    }
    logged.invalidate()
    screen.bag.removeAll()
    rules()
  }

  /// The four rules, as the README's Events and Routing sections state them.
  @MainActor
  private static func rules() {
    print("\nthe rules users trip on")
    let sender = EventSender<Int>()
    // A send from inside a handler is delivered at once, depth-first.
    let reply = sender.event.subscribe { value in if value == 0 { sender.send(1) } }
    var seen: [Int] = []
    let log = sender.event.subscribe { value in seen.append(value) }
    sender.send(0)
    sender.send(2)
    print("  a later subscriber saw \(seen): the reply before the message that caused it")
    check(seen == [1, 0, 2], "depth-first delivery of a reply")
    withExtendedLifetime([reply, log]) {}

    // The same closure twice is two subscriptions.
    var calls = 0
    let handler: (Int) -> Void = { _ in calls += 1 }
    let first = sender.event.subscribe(handler)
    let second = sender.event.subscribe(handler)  // a second subscription: handler runs twice per send
    sender.send(3)
    check(calls == 2, "two subscriptions of one closure to call it twice")
    withExtendedLifetime([first, second]) {}

    // A discarded token ends the subscription at once.
    let quiet = EventSender<Int>()
    _ = quiet.event.subscribe { value in print(value) }  // ends at once: nothing is subscribed
    check(!quiet.hasSubscribers, "a discarded token to end its subscription")
  }
}
