import Foundation
import ObservationToken
import Testing

@Suite("One-shot node subscriptions")
struct RoutingOneShotTests {
  @Test("subscribeOnce(to:) hears the first event that reaches the node, posted there or below, and never again")
  func deliveredOnce() {
    let chain = Chain()
    var received: [Int] = []
    let token = chain.screen.subscribeOnce(to: RowDeleted.self) { received.append($0.row) }
    #expect(token.isValid)
    #expect(chain.cell.post(RowDeleted(row: 1)))
    #expect(!chain.cell.post(RowDeleted(row: 2)))
    chain.screen.post(RowDeleted(row: 3))
    #expect(received == [1])
    #expect(!token.isValid)
  }

  @Test("A one-shot node subscription waits behind the node's interceptors: an event they stop does not use it up")
  func afterInterceptors() {
    let chain = Chain()
    var received: [Int] = []
    let interceptor = chain.list.intercept(RowDeleted.self) { $0.row < 0 ? nil : $0 }
    let token = chain.list.subscribeOnce(to: RowDeleted.self) { received.append($0.row) }
    chain.cell.post(RowDeleted(row: -1))
    #expect(token.isValid)
    chain.cell.post(RowDeleted(row: 4))
    chain.cell.post(RowDeleted(row: 5))
    #expect(received == [4])
    #expect(!token.isValid)
    withExtendedLifetime(interceptor) {}
  }

  @Test("A handler that posts the event again is not called again, and the node no longer lists it")
  func reentrantPost() {
    let chain = Chain()
    var received: [Int] = []
    let token = chain.list.subscribeOnce(to: RowDeleted.self) { event in
      received.append(event.row)
      chain.cell.post(RowDeleted(row: event.row + 1))
    }
    chain.cell.post(RowDeleted(row: 1))
    #expect(received == [1])
    #expect(chain.list.debugDescription == "EventNode List, parents: Screen")
    withExtendedLifetime(token) {}
  }

  @Test("Threads posting at once call a one-shot node handler once")
  func concurrentPosts() async {
    let nodeCount = 200
    let calls = (0..<nodeCount).map { _ in NotificationCounter() }
    let chains = (0..<nodeCount).map { _ in Chain() }
    let tokens = chains.indices.map { index in
      chains[index].screen.subscribeOnce(to: RowDeleted.self) { [call = calls[index]] _ in
        call.increment()
        Thread.sleep(forTimeInterval: 0.001)  // the other threads post meanwhile
      }
    }
    let finished = await runOnThreads(4) { thread in
      for chain in chains { chain.cell.post(RowDeleted(row: thread)) }
    }
    #expect(finished)
    #expect(calls.allSatisfy { $0.count == 1 })
    #expect(tokens.allSatisfy { !$0.isValid })
  }
}
