import Dispatch
import ObservationToken

/// Routing delivered on the main actor, as a UI chain wants it: the chain's owner posts
/// from a worker thread, and a main-actor table view hears each event there, in post
/// order. Then the README's rule for interceptors: one that returns `nil` stops the event
/// before its node's own subscribers, and requests are never intercepted.
enum RoutingDeliveryWalkthrough {
  struct RowDeleted: RoutedEvent, Sendable { var row: Int }
  struct CurrentAccount: RoutedRequest { typealias Response = String }

  /// A main-actor view, as `UITableView` is.
  @MainActor
  final class TableView {
    var deletedRows: [Int] = []
  }

  @MainActor
  static func run() async {
    page("Routing: delivery on the main actor, and interceptors that stop")
    let tableView = TableView()
    var bag = ObservationBag()
    let cell = EventNode(name: "Cell")
    let list = EventNode(name: "List")
    cell.addParent(list)
    list.subscribe(to: RowDeleted.self, on: MainActor.shared) { event in
      tableView.deletedRows.append(event.row)
    }.store(in: &bag)
    DispatchQueue.global().sync {  // a worker thread posts, while this one waits
      cell.post(RowDeleted(row: 7))
      cell.post(RowDeleted(row: 8))
    }
    check(tableView.deletedRows.isEmpty, "main-actor calls to be queued, not run during the post")
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    print("  the table view deleted rows \(tableView.deletedRows): on the main actor, in post order")
    check(tableView.deletedRows == [7, 8], "main-actor delivery in post order")

    var heard: [String] = []
    list.intercept(RowDeleted.self) { _ in nil }.store(in: &bag)  // stops every RowDeleted here
    list.subscribe(to: RowDeleted.self) { _ in heard.append("list") }.store(in: &bag)  // so never called
    cell.post(RowDeleted(row: 9))
    list.answer(CurrentAccount.self) { _ in "alice" }.store(in: &bag)
    let account = cell.request(CurrentAccount())  // requests are not intercepted: "alice"
    print("  behind a stopping interceptor the list's subscribers heard \(heard); a request got \(account ?? "nil")")
    check(heard.isEmpty && account == "alice", "the stop to come before the node's subscribers, and requests to pass")
  }
}
