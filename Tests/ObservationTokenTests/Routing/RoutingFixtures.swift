import ObservationToken

struct RowDeleted: RoutedEvent, Equatable { var row: Int }
struct RowSelected: RoutedEvent { var row: Int }
struct CurrentAccount: RoutedRequest { typealias Response = String }
struct Tapped: RoutedEvent {}

/// Three nodes in a line: cell → list → screen.
///
/// `@unchecked Sendable`, for the stress tests that share it between threads: nodes are
/// safe from any thread, and the handlers those tests register count with atomics.
final class Chain: @unchecked Sendable {
  let cell = EventNode(name: "RowCell")
  let list = EventNode(name: "List")
  let screen = EventNode(name: "Screen")

  init() {
    cell.addParent(list)
    list.addParent(screen)
  }
}

/// A screen that embeds the same kind of list twice: cell → first list, second list → screen.
struct Diamond {
  let cell = EventNode(name: "RowCell")
  let first = EventNode(name: "First list")
  let second = EventNode(name: "Second list")
  let screen = EventNode(name: "Screen")

  init() {
    cell.addParent(first)
    cell.addParent(second)
    first.addParent(screen)
    second.addParent(screen)
  }
}

/// Records, in order, what handlers saw; one thread at a time.
final class RouteLog {
  private(set) var entries: [String] = []
  func append(_ entry: String) { entries.append(entry) }
}

/// A screen-like target for target–action routing.
final class ScreenTarget {
  var bag = ObservationBag()
  private(set) var deleted: [Int] = []
  private(set) var taps = 0
  func deleteRow(_ event: RowDeleted) { deleted.append(event.row) }
  func tapped() { taps += 1 }
}

/// A generic owner with a nested event, as a value wrapper declares it.
enum Setting<Value> {
  struct Changed: RoutedEvent { var newValue: Value }
}
