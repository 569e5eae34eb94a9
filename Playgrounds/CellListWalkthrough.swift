import Dispatch
import ObservationToken

/// A list of download cells, reused as the list scrolls, whose downloads report progress
/// from worker threads: bound with `delivery: .latest`, each cell is written once per
/// main-queue turn with the newest progress, and a reused cell never shows a value of the
/// download it showed before.
enum CellListWalkthrough {
  /// A download whose progress its worker reports.
  /// `@unchecked Sendable`: one worker at a time sets `progress`, and the main actor binds
  /// a download only while no worker is setting it.
  final class Download: KeyValueObservable, @unchecked Sendable {
    let name: String
    @Observed var progress = 0

    init(name: String) {
      self.name = name
    }
  }

  /// A view, main-actor isolated as UIKit's are.
  @MainActor
  final class ProgressView {
    var progress = 0 {
      didSet { applies += 1 }
    }
    private(set) var applies = 0
  }

  @MainActor
  final class DownloadCell {
    let progressView = ProgressView()
    var title: String?
    var bag = ObservationBag()

    func show(_ download: Download, delivery: ValueDelivery = .latest) {
      bag.removeAll()  // reused: the previous download's bindings end here
      title = download.name
      download.bind(\.progress, to: progressView, \.progress, on: MainActor.shared, delivery: delivery)
        .store(in: &bag)
    }

    var shown: String { "\(title ?? "-") \(progressView.progress) %" }
  }

  @MainActor
  static func run() async {
    page("A list of cells: reuse and background updates")
    let downloads = (0..<6).map { Download(name: "file\($0).zip") }
    let cells = (0..<3).map { _ in DownloadCell() }
    for (cell, download) in zip(cells, downloads) { cell.show(download) }
    print("bound:", cells.map(\.shown))
    check(cells.map(\.shown) == ["file0.zip 0 %", "file1.zip 0 %", "file2.zip 0 %"], "bind to write at once")

    // Three workers report 100 steps each while the main actor is busy for one frame.
    reportProgress(of: Array(downloads[0..<3]), steps: 100)
    await mainQueueTurn()
    print("after 100 steps each:", cells.map(\.shown), "applies:", cells.map(\.progressView.applies))
    check(cells.allSatisfy { $0.progressView.progress == 100 }, "every cell to show its last value")
    // (The initial 0 equals what the view holds, so it was not written again.)
    check(cells.allSatisfy { $0.progressView.applies == 1 }, "one apply per cell for the frame")

    // The list scrolls: the cells are reused for the next three downloads, while the first
    // three keep reporting. Nothing of theirs reaches the cells now.
    for (cell, download) in zip(cells, downloads[3...]) { cell.show(download) }
    reportProgress(of: Array(downloads[0..<3]), steps: 20)
    reportProgress(of: Array(downloads[3..<6]), steps: 40)
    await mainQueueTurn()
    print("reused, after a scroll:", cells.map(\.shown))
    check(
      cells.map(\.shown) == ["file3.zip 40 %", "file4.zip 40 %", "file5.zip 40 %"],
      "a reused cell to show its new download only"
    )

    // The same frame, delivered per change: every step is applied.
    let perChange = DownloadCell()
    let download = Download(name: "every.zip")
    perChange.show(download, delivery: .everyChange)
    reportProgress(of: [download], steps: 100)
    await mainQueueTurn()
    print("per change, applies for 100 steps:", perChange.progressView.applies)
    check(perChange.progressView.applies == 100, "per-change delivery to apply every step")
    check(perChange.progressView.progress == 100, "per-change delivery to end on the last value")
    // The list owns its downloads, as an app's model does: a binding does not keep its
    // subject alive, and a download released with a value waiting ends its binding there
    // (an optimized build releases a local as soon as it is last used, not at the scope's end).
    withExtendedLifetime((downloads, download)) {}
  }

  /// Each download's worker sets its progress `steps` times, from 1 up (continuing from
  /// where it is), while the main actor waits: all of it happens within one main-queue turn.
  @MainActor
  static func reportProgress(of downloads: [Download], steps: Int) {
    DispatchQueue.concurrentPerform(iterations: downloads.count) { index in
      let download = downloads[index]
      let start = download.progress
      for step in 1...steps { download.progress = start + step }
    }
  }

  /// Lets the main queue run what was queued on it before this call.
  static func mainQueueTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
