// expected-error: capture of 'recorder' with non-Sendable type 'Recorder' in a '@Sendable' closure
import ObservationToken

final class Recorder {
  var values: [Int] = []
}

// A handler called on whichever thread sends must not share state that is not Sendable.
func record(_ progress: SendableEvent<Int>) -> ObservationToken {
  let recorder = Recorder()
  return progress.subscribe { value in
    recorder.values.append(value)
  }
}
