import Foundation
import ObservationToken
import Testing

/// An app's own type named like one of the package's: unqualified, `Event` is this one.
private struct Event {
  let name: String
}

/// A model written with the package's types qualified by the module's (and class's) name.
private final class QualifiedModel: ObservationToken.KeyValueObservable {
  @ObservationToken.Observed var title = ""
  @ObservationToken.Observed var tags: [String] = []
  private let finishedSender = ObservationToken.EventSender<URL>()
  var finished: ObservationToken.Event<URL> { finishedSender.event }
  func finish(_ url: URL) { finishedSender.send(url) }
}

private struct QualifiedRoutedEvent: ObservationToken.RoutedEvent {}
private struct QualifiedRequest: ObservationToken.RoutedRequest { typealias Response = Int }

/// The package's public types are named through the token class too, so that an app with
/// a type of its own called `Event` names the package's as `ObservationToken.Event<URL>`,
/// on every Swift 6 the package supports. This file compiling is most of the test.
@Suite("Qualified names")
struct QualifiedNamesTests {
  @Test("ObservationToken.Event<URL> and the other qualified names are the package's own types")
  func qualifiedNamesAreThePackagesTypes() {
    let own = Event(name: "the app's")
    let model = QualifiedModel()
    var received: [URL] = []
    let token: ObservationToken = model.finished.subscribe { received.append($0) }
    model.finish(URL(fileURLWithPath: "/done"))
    #expect(received == [URL(fileURLWithPath: "/done")])
    #expect(own.name == "the app's")
    #expect(ObservationToken.Event<URL>.self == type(of: model.finished))
    #expect(ObservationToken.ObservedChange<String>.self == ObservedChange<String>.self)
    #expect(ObservationToken.SendableEventSender<Int>.self == SendableEventSender<Int>.self)
    let options: ObservationToken.KeyValueObservingOptions = [.initial]
    var bag = ObservationToken.ObservationBag()
    let handler: (QualifiedModel, ObservationToken.ObservedChange<String>) -> Void = { _, _ in }
    model.observe(\.title, options: options, changeHandler: handler).store(in: &bag)
    let node = ObservationToken.EventNode(name: "node")
    _ = node.post(QualifiedRoutedEvent())
    let answer: Int? = node.request(QualifiedRequest())
    #expect(answer == nil)
    let _: ObservationToken.KeyValueChange.Kind = .setting
    let _: ObservationToken.ObservedProjection<[String]> = model.$tags
    let _: ObservationToken.SendableEvent<Int>? = nil
    let _: ObservationToken.KeyValueObservingError? = nil
    let _: ObservationToken.KeyValueObserving? = nil
    let _: ObservationToken.RouteTrace? = nil
    let _: ObservationToken.ObservedValues<String>? = nil
    let _: ObservationToken.KeyValueObservingContext? = nil
    withExtendedLifetime(token) {}
  }
}
