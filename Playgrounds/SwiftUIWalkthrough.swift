import Dispatch
import Observation
import ObservationToken

/// One model serving both worlds: a UIKit-style cell kept current by a token-based
/// binding, a view that re-renders as SwiftUI's do (`withObservationTracking`), and an
/// `Observations` loop — all from the same `@Observed` properties.
enum SwiftUIWalkthrough {
  /// Opting in is the conformance to `Observable`; nothing else changes.
  @MainActor
  final class PlayerSettings: KeyValueObservable, Observable {
    @Observed var volume = 5
    @Observed var isMuted = false
    var label: String { isMuted ? "muted" : "volume \(volume)" }
  }

  /// A cell that a binding keeps up to date.
  @MainActor
  final class VolumeCell {
    var text = ""
  }

  /// Renders as a SwiftUI view does: its body reads the model inside a tracking scope,
  /// and a change schedules the next render.
  @MainActor
  final class VolumeView {
    let settings: PlayerSettings
    private(set) var renders: [String] = []

    init(settings: PlayerSettings) {
      self.settings = settings
      render()
    }

    func render() {
      let body = withObservationTracking {
        settings.label
      } onChange: { [weak self] in
        Task { @MainActor in self?.render() }
      }
      renders.append(body)
    }
  }

  @MainActor
  static func run() async {
    page("Swift Observation: one model for tokens, SwiftUI and Observations")
    let settings = PlayerSettings()
    let cell = VolumeCell()
    var bag = ObservationBag()
    settings.bind(\.label, to: cell, \.text).store(in: &bag)
    let view = VolumeView(settings: settings)
    let loop = Task { @MainActor in
      var labels: [String] = []
      for await label in Observations({ settings.label }) {
        labels.append(label)
        if label == "muted" { break }
      }
      return labels
    }
    await settle()

    settings.volume = 7
    print("right after the set, the cell shows:", cell.text)
    check(cell.text == "volume 7", "the binding to update the cell synchronously")
    await settle()
    settings.isMuted = true
    await settle()

    let labels = await loop.value
    print("the view rendered:", view.renders)
    print("the Observations loop saw:", labels)
    print("the cell shows:", cell.text)
    check(view.renders == ["volume 5", "volume 7", "muted"], "the tracking scope to re-render after each change")
    check(labels == ["volume 5", "volume 7", "muted"], "the Observations loop to see each change")
    check(cell.text == "muted", "the binding to follow the derived label")
    bag.removeAll()
  }

  /// Lets the main actor run what the last change scheduled: the view's next render and
  /// the loop's next value.
  @MainActor
  private static func settle() async {
    for _ in 0..<3 {
      await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
    }
  }
}
