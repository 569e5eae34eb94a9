// expected-error: @Observed can only be used in a class that conforms to KeyValueObservable
import ObservationToken

// @Observed reaches its observers through the enclosing object: a struct has none.
struct Settings {
  @Observed var volume = 5
}
