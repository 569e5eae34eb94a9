// expected-error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
import ObservationToken

@MainActor final class Screen {
  var progress = 0
  var bag = ObservationBag()

  // The screen's closure sets main-actor state and runs on the sending thread: the sender
  // must not be handed to another isolation domain to send from there.
  func start() {
    let progressSender = EventSender<Int>()
    progressSender.event.subscribe { value in self.progress = value }.store(in: &bag)
    Task.detached {
      progressSender.send(1)
    }
  }
}
