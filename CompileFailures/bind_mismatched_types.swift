// expected-error: no exact matches in call to instance method 'bind'
import ObservationToken

final class Counter: KeyValueObservable {
  @Observed var count = 0
}

final class CountLabel {
  var text = ""
}

// An Int bound to a String: bind with a transform, { String($0) }.
func show(_ counter: Counter, in label: CountLabel, _ bag: inout ObservationBag) {
  counter.bind(\.count, to: label, \.text).store(in: &bag)
}
